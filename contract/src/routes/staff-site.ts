import { Type } from 'typebox'
import {
  CarouselEditionQuery,
  ConfigKeyParams,
  DictItemParams,
  ListConfigQuery,
  ListDictItemsQuery,
  StaffCarousel,
  StaffConfigItem,
  StaffDictItem,
  StaffDictList,
  UpdateCarouselBody,
  UpdateConfigBody,
  UpdateDictItemBody,
} from '../staff-site.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

const conflict = 'A version older than the stored one answers 300101 with nothing changed.'
const purge = 'Every instance shows the change within a few seconds (the BFFs purge what shows it by tag).'

export const staffSiteRoutes = defineRoutes(CALLS.staffSite, ['Staff: site'], {
  listCarousel: {
    operationId: 'listCarousel',
    permission: 'site.read',
    summary: "The home page's carousel of one language: every slide, hidden ones included, in order, with the list's version",
    querystring: CarouselEditionQuery,
    data: StaffCarousel,
  },
  updateCarousel: {
    operationId: 'updateCarousel',
    permission: 'site.write',
    summary: "Replaces one language's slides (order, texts, images, visibility) in one save",
    description: `The list is saved whole, so a reorder, an added and a removed slide are one change with one version. ${conflict} ${purge}`,
    body: UpdateCarouselBody,
    data: StaffCarousel,
  },
  listDictItems: {
    operationId: 'listDictItems',
    permission: 'site.read',
    summary: "One dictionary's entries (label, icon, sort, visibility), hidden ones included, and the types there are",
    querystring: ListDictItemsQuery,
    data: StaffDictList,
  },
  updateDictItem: {
    operationId: 'updateDictItem',
    permission: 'site.write',
    summary: 'Saves one dictionary entry, or adds one to an existing dictionary (without version)',
    description: `An entry is never deleted (records point at its value): hide it instead. ${conflict} ${purge}`,
    params: DictItemParams,
    body: UpdateDictItemBody,
    data: StaffDictItem,
  },
  listConfig: {
    operationId: 'listConfig',
    permission: 'site.read',
    summary: 'Every site configuration value (contacts, footer, site texts, price defaults) with its kind and version',
    querystring: ListConfigQuery,
    data: Type.Array(StaffConfigItem),
  },
  updateConfig: {
    operationId: 'updateConfig',
    permission: 'site.write',
    summary: 'Saves one configuration value, or adds a key (without version, with a name)',
    description: `Numbers (*.price, *.number) and links (*Url) are checked; rich text (*.html) is sanitized with the public pages' allow-list. Every value is public: never store a secret here. ${conflict} ${purge}`,
    params: ConfigKeyParams,
    body: UpdateConfigBody,
    data: StaffConfigItem,
  },
})
