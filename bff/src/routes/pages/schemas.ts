import { Type, type TProperties } from 'typebox'
import { LangField } from '../api/schemas.ts'

const PageNo = Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 }))
const PageSize = Type.Optional(Type.Integer({ minimum: 1, maximum: 100 }))
const Code = Type.Optional(Type.String({ maxLength: 64 }))
const Keyword = Type.Optional(Type.String({ maxLength: 100 }))
const strict = { additionalProperties: false }

export const HomeQuery = Type.Object({ lang: LangField }, strict)
export const ReportsQuery = Type.Object(
  {
    lang: LangField,
    marketType: Code,
    keyword: Keyword,
    /** A price band: 8000, 12000, 15000 (under) or 15001 (over) */
    price: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
    /** A publish year from the list's publishDates facet */
    publishDate: Type.Optional(Type.String({ maxLength: 20 })),
    reportRegion: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
    pageNo: PageNo,
    pageSize: PageSize,
  },
  strict,
)
export const RecordQuery = Type.Object(
  {
    lang: LangField,
    webTitle: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    id: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,17}$' })),
  },
  strict,
)
export const BulletinsQuery = Type.Object(
  { lang: LangField, marketType: Code, topLabelId: Code, keyword: Keyword, pageNo: PageNo, pageSize: PageSize },
  strict,
)
export const NewsQuery = Type.Object(
  { lang: LangField, marketType: Code, marketCategory: Code, keyword: Keyword, pageNo: PageNo, pageSize: PageSize },
  strict,
)

/** A part is the core API's data for that call, or null when an optional part could not be had. */
function parts(names: string[]) {
  const properties: TProperties = {}
  for (const name of names) properties[name] = Type.Unknown()
  return Type.Object(properties)
}

const layout = ['footer', 'reportMenu', 'newsMenu']
export const HomeData = parts(['carousel', 'hotReports', 'categories', 'mapData', 'latestNews', 'choiceness', ...layout])
export const ReportsData = parts(['list', 'hotReports', ...layout])
export const ReportData = parts(['report', 'hotReports', ...layout])
export const BulletinsData = parts(['list', 'categories', 'labels', 'choiceness', ...layout])
export const BulletinData = parts(['bulletin', 'choiceness', ...layout])
export const NewsData = parts(['list', 'categories', 'latestNews', ...layout])
export const ArticleData = parts(['article', 'latestNews', ...layout])
