import { Type, type Static } from 'typebox'
import { Page } from './envelope.ts'
import { CodeField, KeywordField, LangField, LimitQuery, RecordQuery, SearchFields } from './fields.ts'

// Research reports.

const DateField = Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'YYYY-MM-DD' }))
const YearField = Type.Optional(Type.String({ pattern: '^[0-9]{4}$', description: 'A publishDateValue from the publishDates facet' }))
const PriceBandField = Type.Optional(
  Type.Integer({ minimum: 1, maximum: 100_000_000, description: '8000, 12000, 15000 (under), 15001 (over 15000)' }),
)
const AmountField = Type.Optional(Type.Number({ minimum: 0, maximum: 100_000_000 }))

export const ReportPageListBody = Type.Object(
  {
    ...SearchFields,
    marketType: CodeField,
    reportRegion: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
    price: PriceBandField,
    queryPrice: PriceBandField,
    priceStr: AmountField,
    priceEnd: AmountField,
    publishDate: YearField,
    queryPublishDate: YearField,
    publishDateStr: DateField,
    publishDateEnd: DateField,
    sort: Type.Optional(Type.Union([Type.Literal('latest'), Type.Literal('price-asc'), Type.Literal('price-desc')])),
  },
  { additionalProperties: false },
)
export type ReportPageListBody = Static<typeof ReportPageListBody>

const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Number> | ReturnType<typeof Type.Integer>>(t: T) =>
  Type.Union([t, Type.Null()])

export const ReportListItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  webTitle: Type.String(),
  marketType: Type.String(),
  marketTypeName: Type.String(),
  reportCode: Type.String(),
  publishDate: Type.String(),
  lang: Type.String(),
  outline: Type.String(),
  pageNum: Nullable(Type.Integer()),
  chart: Nullable(Type.Integer()),
  reportRegion: Type.String(),
  price: Nullable(Type.Number()),
  multiPrice: Nullable(Type.Number()),
  enterprisePrice: Nullable(Type.Number()),
  currency: Type.String({ description: 'CNY in zh-CN, USD in en-US' }),
  filePath: Nullable(Type.String()),
  fileName: Nullable(Type.String()),
})
export type ReportListItem = Static<typeof ReportListItem>

export const ReportCategoryFacet = Type.Object({ marketType: Type.String(), marketTypeName: Type.String(), marketCount: Type.Integer() })
export type ReportCategoryFacet = Static<typeof ReportCategoryFacet>
export const PriceFacet = Type.Object({
  price: Type.Integer({ description: 'The band, as sent back in queryPrice: 8000, 12000, 15000 (under), 15001 (over 15000)' }),
  marketTypeName: Type.String({ description: "The band's label (the legacy name every facet's label goes by)" }),
  marketCount: Type.Integer(),
})
export type PriceFacet = Static<typeof PriceFacet>
export const PublishDateFacet = Type.Object({
  publishDateValue: Type.String({ description: 'A year, as sent back in queryPublishDate' }),
  marketTypeName: Type.String({ description: "The year's label (legacy name)" }),
  marketCount: Type.Integer(),
})
export type PublishDateFacet = Static<typeof PublishDateFacet>

export const ReportPageListData = Type.Object({
  categories: Type.Array(ReportCategoryFacet),
  prices: Type.Array(PriceFacet),
  publishDates: Type.Array(PublishDateFacet),
  pageList: Page(ReportListItem),
})
export type ReportPageListData = Static<typeof ReportPageListData>

export const ReportFormQuery = RecordQuery
export type ReportFormQuery = Static<typeof ReportFormQuery>

export const PriceCell = Type.Object({
  edition: Type.Union([Type.Literal('standard'), Type.Literal('professional')]),
  licence: Type.Union([Type.Literal('single'), Type.Literal('multi'), Type.Literal('enterprise')]),
  price: Type.Number(),
})
export type PriceCell = Static<typeof PriceCell>
export type Edition = PriceCell['edition']
export type Licence = PriceCell['licence']

export const ReportDetail = Type.Object({
  ...ReportListItem.properties,
  context: Type.String({ description: 'HTML, sanitized' }),
  directory: Type.String({ description: 'Table of contents, HTML, sanitized' }),
  reportScope: Type.String({ description: 'HTML, sanitized' }),
  contextHtml: Type.String({ description: 'Legacy name of context, which earlier clients read' }),
  directoryHtml: Type.String({ description: 'Legacy name of directory, which earlier clients read' }),
  reportScopeHtml: Type.String({ description: 'Legacy name of reportScope, which earlier clients read' }),
  chartsHtml: Type.String({ description: 'List of charts, HTML, sanitized' }),
  hasFile: Type.Boolean({ description: 'A downloadable file is delivered after payment' }),
  prices: Type.Array(PriceCell, { description: 'Edition × licence; own report prices set the Standard edition' }),
  alternates: Type.Array(Type.Object({ lang: Type.String(), webTitle: Type.String() }), {
    description: 'The same report in each language',
  }),
})
export type ReportDetail = Static<typeof ReportDetail>

export const HotReportsQuery = LimitQuery(8)
export type HotReportsQuery = Static<typeof HotReportsQuery>

export const PublishDateListBody = Type.Object(
  { lang: LangField, marketType: CodeField, keyword: KeywordField, queryKeyword: KeywordField },
  { additionalProperties: false },
)
export type PublishDateListBody = Static<typeof PublishDateListBody>
