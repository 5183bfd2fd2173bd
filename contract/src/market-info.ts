import { Type, type Static } from 'typebox'
import { Page } from './envelope.ts'
import { CodeField, LimitQuery, RecordQuery, SearchFields } from './fields.ts'

// Industry news (market information).

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()])

export const NewsPageListBody = Type.Object(
  {
    ...SearchFields,
    marketType: CodeField,
    activeIndustryType: Type.Optional(Type.String({ maxLength: 64, description: 'Legacy alias of marketType (news list route variant)' })),
    marketCategory: CodeField,
  },
  { additionalProperties: false },
)
export type NewsPageListBody = Static<typeof NewsPageListBody>

export const NewsListItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  webTitle: Type.String(),
  marketType: Type.String(),
  marketTypeName: Type.String({ description: 'Label from dictionary market_type (market_type_en in en-US)' }),
  marketCategory: Type.String(),
  marketCategoryName: Type.String({ description: 'Label from dictionary news_category (news_category_en in en-US)' }),
  keyword: Type.String(),
  outline: Type.String(),
  publishDate: Type.String({ description: "YYYY-MM-DD HH:mm:ss, the publisher's local time" }),
  lang: Type.String(),
  filePath: Nullable(Type.String()),
  fileName: Nullable(Type.String()),
})
export type NewsListItem = Static<typeof NewsListItem>

export const NewsPage = Page(NewsListItem)
export type NewsPage = Static<typeof NewsPage>

export const NewsDetailQuery = RecordQuery
export type NewsDetailQuery = Static<typeof NewsDetailQuery>

export const NewsNeighbour = Type.Object({
  id: Type.String(),
  title: Type.String(),
  webTitle: Type.String(),
  publishDate: Type.String({ description: 'YYYY-MM-DD HH:mm:ss' }),
})
export type NewsNeighbour = Static<typeof NewsNeighbour>

// vo, last, next: the legacy names, which the earlier clients read.
export const NewsDetail = Type.Object({
  vo: Type.Object({ ...NewsListItem.properties, context: Type.String({ description: 'HTML, sanitized' }) }, { description: 'The article' }),
  last: Type.Union([NewsNeighbour, Type.Null()], { description: 'The previous (next-older) article in the language; null for the oldest' }),
  next: Type.Union([NewsNeighbour, Type.Null()], { description: 'The next-newer article in the language; null for the newest' }),
})
export type NewsDetail = Static<typeof NewsDetail>

export const NewsTopListQuery = LimitQuery(6)
export type NewsTopListQuery = Static<typeof NewsTopListQuery>

export const NewsCategoryCount = Type.Object({
  marketCategory: Type.String(),
  marketCategoryName: Type.String(),
  marketCount: Type.Integer(),
})
export type NewsCategoryCount = Static<typeof NewsCategoryCount>

export const NewsMarketTypeCount = Type.Object({
  marketType: Type.String(),
  marketTypeName: Type.String(),
  marketCount: Type.Integer(),
  categories: Type.Array(NewsCategoryCount),
})
export type NewsMarketTypeCount = Static<typeof NewsMarketTypeCount>
