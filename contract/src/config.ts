import { Type, type Static } from 'typebox'
import { LangField } from './fields.ts'

export const CONFIG_MAX_KEYS = 50
export const CONFIG_KEY_PATTERN = /^[A-Za-z0-9._-]{1,120}$/

export const FindListByKeysQuery = Type.Object(
  {
    lang: LangField,
    keys: Type.String({
      minLength: 1,
      // 50 keys of 120 characters and their commas
      maxLength: CONFIG_MAX_KEYS * 121,
      description: `Comma-separated configuration keys, at most ${CONFIG_MAX_KEYS}, each of letters, digits, '.', '_' or '-' (1-120 characters)`,
    }),
  },
  { additionalProperties: false },
)
export type FindListByKeysQuery = Static<typeof FindListByKeysQuery>

export const ConfigFormQuery = Type.Object({
  lang: LangField,
  configKey: Type.String({ minLength: 1, maxLength: 120, pattern: '^[A-Za-z0-9._-]{1,120}$', description: 'One configuration key' }),
})
export type ConfigFormQuery = Static<typeof ConfigFormQuery>

export const ConfigItem = Type.Object({
  configKey: Type.String(),
  configValue: Type.String(),
  configName: Type.String(),
})
export type ConfigItem = Static<typeof ConfigItem>

export const ConfigList = Type.Array(ConfigItem)
export type ConfigList = Static<typeof ConfigList>
