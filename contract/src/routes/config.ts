import { Type } from 'typebox'
import { ConfigFormQuery, ConfigItem, ConfigList, FindListByKeysQuery } from '../config.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

export const configRoutes = defineRoutes(CALLS.config, ['Base data'], {
  findListByKeys: {
    summary: 'Configuration values for the keys asked, in the order asked; unknown keys are left out',
    description:
      'Every sys_config row is public site content (prices, counts, contact details, footer and page copy); secrets never live in this table.',
    querystring: FindListByKeysQuery,
    data: ConfigList,
  },
  // The earlier clients' call for one value.
  form: {
    summary: 'One configuration value by its key (legacy call); data is null for an unknown key',
    querystring: ConfigFormQuery,
    data: Type.Union([ConfigItem, Type.Null()]),
  },
})
