import type { Lang } from '../../platform/errors.ts'
import { priceBand } from '../../platform/lib/pricing.ts'
import { addKeywordCondition, Conditions, normalizeKeyword } from '../../platform/lib/sql.ts'

// The list query and what every plan makes of it: its conditions as bound
// SQL, its order, and its keyword as search compares it.

/** The filters of a report list. */
export interface ReportListFilters {
  marketType?: string
  reportRegion?: string
  /** A band value: 8000, 12000, 15000, or 15001 for "over 15000" */
  price?: number
  priceStr?: number
  priceEnd?: number
  /** A year from the publishDates facet */
  publishDate?: string
  publishDateStr?: string
  publishDateEnd?: string
}

/** One page of the report list, as the route reads it from the request. */
export interface ListQuery extends ReportListFilters {
  lang: Lang
  pageNo: number
  pageSize: number
  keyword?: string
  sort?: Sort
}

export type Sort = 'latest' | 'price-asc' | 'price-desc'

export const ORDER_BY: Record<Sort, string> = {
  latest: 'r.publish_date DESC, r.id DESC',
  'price-asc': 'r.price ASC NULLS LAST, r.publish_date DESC, r.id DESC',
  'price-desc': 'r.price DESC NULLS LAST, r.publish_date DESC, r.id DESC',
}

/** Each order read from its other end: a page past the middle of the list is read backwards (see PlainList). */
export const REVERSED_ORDER_BY: Record<Sort, string> = {
  latest: 'r.publish_date ASC, r.id ASC',
  'price-asc': 'r.price DESC NULLS FIRST, r.publish_date ASC, r.id ASC',
  'price-desc': 'r.price ASC NULLS FIRST, r.publish_date ASC, r.id ASC',
}

export type Filter = 'keyword' | 'marketType' | 'reportRegion' | 'price' | 'publishDate'

/** Each filter of a query as a bound SQL expression, keyed by the facet it belongs to. */
export type FilterSql = Partial<Record<Exclude<Filter, 'keyword'>, string>>

/** The conditions every list starts from: the language's published reports. */
export function listConditions(lang: string): Conditions {
  return new Conditions().add(`r.lang = ?`, lang).add(`r.status = '0'`)
}

/** Each filter of the query as a bound SQL expression, keyed by the facet it belongs to. */
export function filterExpressions(query: ReportListFilters, c: Conditions): FilterSql {
  const parts: Partial<Record<Exclude<Filter, 'keyword'>, string[]>> = {}
  const push = (filter: Exclude<Filter, 'keyword'>, sql: string, ...values: unknown[]) => {
    ;(parts[filter] ??= []).push(c.expression(sql, ...values))
  }
  if (query.marketType) push('marketType', `r.market_type = ?`, query.marketType)
  if (query.reportRegion) push('reportRegion', `r.report_region = ?`, query.reportRegion)
  if (query.price !== undefined) {
    const band = priceBand(query.price)
    if (band.kind === 'over') push('price', `r.price > ?`, band.limit)
    else push('price', `r.price <= ?`, band.limit)
  }
  if (query.priceStr !== undefined) push('price', `r.price >= ?`, query.priceStr)
  if (query.priceEnd !== undefined) push('price', `r.price <= ?`, query.priceEnd)
  if (query.publishDate) {
    const year = Number(query.publishDate.slice(0, 4))
    push('publishDate', `r.publish_date >= ?::date AND r.publish_date < ?::date`, `${year}-01-01`, `${year + 1}-01-01`)
  }
  if (query.publishDateStr) push('publishDate', `r.publish_date >= ?::date`, query.publishDateStr)
  if (query.publishDateEnd) push('publishDate', `r.publish_date <= ?::date`, query.publishDateEnd)
  return Object.fromEntries(Object.entries(parts).map(([filter, list]) => [filter, list.join(' AND ')]))
}

/** Conditions for the query, leaving out one filter so its facet counts what choosing it would give. */
export function conditionsWithout(query: Pick<ListQuery, 'lang' | 'keyword'> & ReportListFilters, without?: Filter): Conditions {
  const c = listConditions(query.lang)
  if (without !== 'keyword') addKeywordCondition(c, query.keyword, 'r')
  for (const [filter, sql] of Object.entries(filterExpressions(query, c))) {
    if (filter !== without) c.add(sql)
  }
  return c
}

/** A keyword per language, as its match count and kept counts are keyed. */
export function matchKey(query: Pick<ListQuery, 'lang' | 'keyword'>): string {
  return `${query.lang}|${normalizeKeyword(query.keyword)}`
}

/**
 * The same test as addKeywordCondition, on search_text alone: a substring
 * (what LIKE '%keyword%' tests), and for one or two characters one without
 * white space, as search_grams holds exactly those (rpt_search_grams). For
 * walking an order index, where each row is tested in turn: the text is
 * stored inline, the gram array out of line (about 20 times the cost per
 * row). The counted keywords' trigger tests the same (rpt_keyword_matches).
 */
export function addKeywordSubstringCondition(conditions: Conditions, keyword: string | undefined, alias = ''): void {
  const normalized = normalizeKeyword(keyword)
  if (normalized === '') return
  const prefix = alias ? `${alias}.` : ''
  conditions.add(`strpos(${prefix}search_text, ?) > 0`, normalized)
  if ([...normalized].length <= 2) conditions.add(`?::text !~ '\\s'`, normalized)
}
