import { Type, type Static } from 'typebox'
import { LangField } from './fields.ts'
import { EditionLang } from './staff-reports.ts'

// The staff API's site content besides reports: the home page's
// carousel, the dictionaries (categories, market types… with their icons)
// and the site configuration (contacts, footer, price defaults). Each save
// carries the version it was read at; an older one is refused (300101) with
// nothing changed.

const SiteVersion = Type.Integer({
  minimum: 1,
  maximum: 2_147_483_647,
  description: 'The version the save was based on (the list call answers it); an older one is refused with 300101',
})

/** An image staff uploaded (uploadImage answers its url). */
export const MEDIA_IMAGE_URL_PATTERN = '^/api/media/images/[0-9a-f]{64}\\.(png|jpg|webp|gif)$'

export const CarouselEditionQuery = Type.Object(
  { lang: LangField, edition: Type.Optional(EditionLang) },
  { additionalProperties: false, description: "edition: the slides' language (the caller's language when left out)" },
)
export type CarouselEditionQuery = Static<typeof CarouselEditionQuery>

export const CarouselSlideInput = Type.Object(
  {
    id: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,17}$', description: 'A stored slide kept (left out: a new slide)' })),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    subtitle: Type.String({ maxLength: 500 }),
    linkUrl: Type.String({
      minLength: 1,
      maxLength: 500,
      pattern: '^(/[^/\\\\]|/$|https://)',
      description: 'A site path (/report-industries/energy) or an https address',
    }),
    color: Type.String({
      pattern: '^#[0-9A-Fa-f]{3}(?:[0-9A-Fa-f]{3})?$',
      description: 'The background colour (#rgb or #rrggbb), shown under the image or without one',
    }),
    imageUrl: Type.Optional(
      Type.Union([Type.String({ pattern: MEDIA_IMAGE_URL_PATTERN }), Type.Null()], {
        description: 'An image uploaded with uploadImage (its url); null or left out: a slide painted with its colour',
      }),
    ),
    visible: Type.Boolean({ description: 'Shown on the home page; a hidden slide is kept for later' }),
  },
  { additionalProperties: false },
)
export type CarouselSlideInput = Static<typeof CarouselSlideInput>

export const StaffCarouselSlide = Type.Object({
  ...CarouselSlideInput.properties,
  id: Type.String(),
  imageUrl: Type.Union([Type.String(), Type.Null()]),
  sort: Type.Integer(),
})
export type StaffCarouselSlide = Static<typeof StaffCarouselSlide>

export const StaffCarousel = Type.Object({
  edition: EditionLang,
  version: Type.Integer(),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
  updatedBy: Type.Union([Type.String(), Type.Null()]),
  slides: Type.Array(StaffCarouselSlide, { description: 'In the order the home page shows them' }),
})
export type StaffCarousel = Static<typeof StaffCarousel>

export const UpdateCarouselBody = Type.Object(
  {
    lang: LangField,
    edition: EditionLang,
    version: SiteVersion,
    slides: Type.Array(CarouselSlideInput, { maxItems: 20, description: 'Every slide of the edition, in order: one left out is deleted' }),
  },
  { additionalProperties: false },
)
export type UpdateCarouselBody = Static<typeof UpdateCarouselBody>

const DictTypeField = Type.String({
  pattern: '^[a-z][a-z0-9_]{0,63}$',
  description: 'A dictionary type (reports_category, market_type_en…)',
})
const DictValueField = Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$', description: 'The value records store' })

export const ListDictItemsQuery = Type.Object(
  { lang: LangField, type: Type.Optional(DictTypeField) },
  { additionalProperties: false, description: 'type: one dictionary (the first one when left out)' },
)
export type ListDictItemsQuery = Static<typeof ListDictItemsQuery>

export const StaffDictItem = Type.Object({
  type: Type.String(),
  value: Type.String(),
  label: Type.String(),
  icon: Type.Union([Type.String(), Type.Null()], { description: 'CSS classes of the iconfont icon (dictIcon)' }),
  sort: Type.Integer(),
  visible: Type.Boolean(),
  version: Type.Integer(),
  updatedAt: Type.String(),
})
export type StaffDictItem = Static<typeof StaffDictItem>

export const StaffDictList = Type.Object({
  types: Type.Array(Type.String(), { description: 'Every dictionary type staff may edit' }),
  type: Type.String(),
  items: Type.Array(StaffDictItem, { description: 'Every entry of the type, hidden ones included, by sort' }),
})
export type StaffDictList = Static<typeof StaffDictList>

export const DictItemParams = Type.Object({ type: DictTypeField, value: DictValueField }, { additionalProperties: false })
export type DictItemParams = Static<typeof DictItemParams>

export const UpdateDictItemBody = Type.Object(
  {
    lang: LangField,
    version: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Left out: adds the entry (300101 when it exists)' }),
    ),
    label: Type.String({ minLength: 1, maxLength: 200 }),
    icon: Type.Optional(
      Type.Union([Type.String({ pattern: '^[A-Za-z0-9_ -]{1,100}$' }), Type.Null()], {
        description: 'iconfont CSS classes such as "iconfont icon-qiche"; null or left out: no icon',
      }),
    ),
    sort: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    visible: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type UpdateDictItemBody = Static<typeof UpdateDictItemBody>

/** How a configuration value is checked and edited, from its key. */
export const ConfigKind = Type.Union([
  Type.Literal('text'),
  Type.Literal('number'),
  Type.Literal('url'),
  Type.Literal('rich'),
  Type.Literal('editions'),
])
export type ConfigKind = Static<typeof ConfigKind>

/** The report editions a *.editions setting may name. */
export const REPORT_EDITIONS = ['standard', 'professional'] as const

/** A *.editions value's editions, or undefined when it names anything else (commas, either width, or spaces between). */
export function parseEditionList(value: string): string[] | undefined {
  const words = value
    .split(/[,，\s]+/)
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean)
  if (words.some((word) => !(REPORT_EDITIONS as readonly string[]).includes(word))) return undefined
  return [...new Set(words)]
}

export const CONFIG_KEY_FIELD_PATTERN = '^(cn|en)\\.[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+){1,5}$'

export const ListConfigQuery = Type.Object(
  { lang: LangField, q: Type.Optional(Type.String({ maxLength: 100, description: 'Words of the key, the name or the value' })) },
  { additionalProperties: false },
)
export type ListConfigQuery = Static<typeof ListConfigQuery>

export const StaffConfigItem = Type.Object({
  key: Type.String(),
  name: Type.String(),
  value: Type.String(),
  kind: ConfigKind,
  version: Type.Integer(),
  updatedAt: Type.String(),
})
export type StaffConfigItem = Static<typeof StaffConfigItem>

export const ConfigKeyParams = Type.Object(
  { key: Type.String({ maxLength: 120, pattern: CONFIG_KEY_FIELD_PATTERN, description: 'cn.… or en.…' }) },
  { additionalProperties: false },
)
export type ConfigKeyParams = Static<typeof ConfigKeyParams>

export const UpdateConfigBody = Type.Object(
  {
    lang: LangField,
    version: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Left out: adds the key (300101 when it exists)' }),
    ),
    value: Type.String({ maxLength: 100_000 }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "The key's description; required to add one" })),
  },
  { additionalProperties: false },
)
export type UpdateConfigBody = Static<typeof UpdateConfigBody>

/**
 * The kind of a configuration key: prices and counts are numbers, *Url links, *.html rich text, *.editions a
 * comma-separated list of report editions (which include a paper copy), the rest plain text.
 */
export function configKindOf(key: string): ConfigKind {
  if (/\.(price|number)$/.test(key)) return 'number'
  // The licences' seats and daily downloads (docs/licences.md): whole numbers.
  if (key.startsWith('licence.')) return 'number'
  if (/(Url|\.url)$/.test(key)) return 'url'
  if (key.endsWith('.html')) return 'rich'
  if (key.endsWith('.editions')) return 'editions'
  return 'text'
}
