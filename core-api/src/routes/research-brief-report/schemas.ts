import { Type } from 'typebox'
import { IdField, KeywordField, LangField, Page, PageNoField, PageSizeField } from '../../http/schemas.ts'

const MarketTypeField = Type.Optional(Type.String({ maxLength: 64, description: 'Sub-type: a dictValue of bulletin_type(_en), e.g. industry-brief' }))
const TopLabelField = Type.Optional(Type.String({ maxLength: 64, description: 'Top label: a dictValue of bulletin_label(_en)' }))

export const PageListBody = Type.Object(
  {
    lang: LangField,
    pageNo: PageNoField,
    pageSize: PageSizeField,
    keyword: KeywordField,
    queryKeyword: KeywordField,
    marketType: MarketTypeField,
    topLabelId: TopLabelField,
  },
  { additionalProperties: false },
)

export const CategoryListBody = Type.Object({ lang: LangField }, { additionalProperties: false })

export const CategoryPageBody = Type.Object(
  { lang: LangField, marketType: MarketTypeField, keyword: KeywordField, queryKeyword: KeywordField },
  { additionalProperties: false },
)

export const ChoicenessQuery = Type.Object(
  { lang: LangField, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 6 })) },
  { additionalProperties: false },
)

export const FormQuery = Type.Object(
  { lang: LangField, id: Type.Optional(IdField), webTitle: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
  { additionalProperties: false },
)

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

export const BulletinDetail = Type.Object({
  ...BulletinListItem.properties,
  context: Type.String({ description: 'HTML, sanitized' }),
})

export const BulletinPage = Page(BulletinListItem)

export const CategoryFacet = Type.Object({ marketType: Type.String(), marketTypeName: Type.String(), marketCount: Type.Integer() })
export const TopLabelFacet = Type.Object({ topLabelId: Type.String(), topLabelName: Type.String(), marketCount: Type.Integer() })
