import { Type, type Static } from 'typebox'
import { Page } from './envelope.ts'
import { KeywordField, LangField, LimitQuery, RecordQuery, SearchFields } from './fields.ts'

// Bulletins (research brief reports).

const MarketTypeField = Type.Optional(
  Type.String({ maxLength: 64, description: 'Sub-type: a dictValue of bulletin_type(_en), e.g. industry-brief' }),
)
const TopLabelField = Type.Optional(Type.String({ maxLength: 64, description: 'Top label: a dictValue of bulletin_label(_en)' }))

export const BulletinPageListBody = Type.Object(
  {
    ...SearchFields,
    marketType: MarketTypeField,
    topLabelId: TopLabelField,
  },
  { additionalProperties: false },
)
export type BulletinPageListBody = Static<typeof BulletinPageListBody>

export const BulletinCategoryPageBody = Type.Object(
  { lang: LangField, marketType: MarketTypeField, keyword: KeywordField, queryKeyword: KeywordField },
  { additionalProperties: false },
)
export type BulletinCategoryPageBody = Static<typeof BulletinCategoryPageBody>

export const ChoicenessQuery = LimitQuery(6)
export type ChoicenessQuery = Static<typeof ChoicenessQuery>

export const BulletinFormQuery = RecordQuery
export type BulletinFormQuery = Static<typeof BulletinFormQuery>

const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(t: T) => Type.Union([t, Type.Null()])

export const BulletinListItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  webTitle: Type.String(),
  marketType: Type.String(),
  marketTypeName: Type.String(),
  topLabelId: Type.String(),
  topLabelName: Type.String(),
  outline: Type.String(),
  publishDate: Type.String({ description: 'YYYY-MM-DD' }),
  pageNum: Nullable(Type.Integer()),
  price: Type.Number(),
  currency: Type.String({ description: 'CNY in zh-CN, USD in en-US' }),
  lang: Type.String(),
  hasFile: Type.Boolean({ description: 'A downloadable file is delivered after payment' }),
  filePath: Nullable(Type.String()),
  fileName: Nullable(Type.String()),
})
export type BulletinListItem = Static<typeof BulletinListItem>

export const BulletinDetail = Type.Object({
  ...BulletinListItem.properties,
  context: Type.String({ description: 'HTML, sanitized' }),
})
export type BulletinDetail = Static<typeof BulletinDetail>

export const BulletinPage = Page(BulletinListItem)
export type BulletinPage = Static<typeof BulletinPage>

export const BulletinCategoryFacet = Type.Object({ marketType: Type.String(), marketTypeName: Type.String(), marketCount: Type.Integer() })
export type BulletinCategoryFacet = Static<typeof BulletinCategoryFacet>
export const TopLabelFacet = Type.Object({ topLabelId: Type.String(), topLabelName: Type.String(), marketCount: Type.Integer() })
export type TopLabelFacet = Static<typeof TopLabelFacet>
