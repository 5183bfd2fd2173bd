import { Type, type TObject, type TProperties } from 'typebox'
import { BulletinPageListBody, LangOnlyQuery, NewsPageListBody, RecordQuery, ReportPageListBody } from '@rpt/contract'
import { asReceived } from '../api/schemas.ts'

// A page's query is the filters of the core API call it is built from, as
// the contract bounds them (@rpt/contract): a subset of that call's input,
// under the same names, defaults left to the core API.

function filtersOf<T extends TProperties, K extends keyof T & string>(input: TObject<T>, names: readonly K[]) {
  const properties = {} as Pick<T, K>
  for (const name of names) properties[name] = input.properties[name]
  return asReceived(Type.Object(properties, { additionalProperties: false }))
}

export const HomeQuery = LangOnlyQuery
export const ReportsQuery = filtersOf(ReportPageListBody, [
  'lang',
  'marketType',
  'keyword',
  'price',
  'publishDate',
  'reportRegion',
  'pageNo',
  'pageSize',
])
/** A report, a bulletin or an article, by webTitle or id: the query their forms take. */
export { RecordQuery }
export const BulletinsQuery = filtersOf(BulletinPageListBody, ['lang', 'marketType', 'topLabelId', 'keyword', 'pageNo', 'pageSize'])
export const NewsQuery = filtersOf(NewsPageListBody, ['lang', 'marketType', 'marketCategory', 'keyword', 'pageNo', 'pageSize'])

/** A part is the core API's data for that call, or null when an optional part could not be had; a part of `absentWhen` may be left out. */
function parts(names: string[], absentWhen: string[] = []) {
  const properties: TProperties = {}
  for (const name of names) properties[name] = Type.Unknown()
  for (const name of absentWhen) properties[name] = Type.Optional(Type.Unknown())
  return Type.Object(properties)
}

const layout = ['footer', 'reportMenu', 'newsMenu']
export const HomeData = parts(['carousel', 'hotReports', 'categories', 'mapData', 'latestNews', 'choiceness', ...layout])
export const ReportsData = parts(['list', 'hotReports', ...layout])
/** seo: the report's SEO title and description (the core API's /content/seo), for the head the server renders; absent when the page is asked by id */
export const ReportData = parts(['report', 'hotReports', ...layout], ['seo'])
export const BulletinsData = parts(['list', 'categories', 'labels', 'choiceness', ...layout])
export const BulletinData = parts(['bulletin', 'choiceness', ...layout])
export const NewsData = parts(['list', 'categories', 'latestNews', ...layout])
export const ArticleData = parts(['article', 'latestNews', ...layout])
