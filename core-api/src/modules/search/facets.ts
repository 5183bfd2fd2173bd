import { PRICE_LIMITS, PRICE_OVER_VALUE } from '../../platform/lib/pricing.ts'
import type { BucketFacetRow } from './keyword-counts.ts'
import type { Filter, FilterSql } from './list-query.ts'

/** A facet row as facetSelect groups it (bucketFacetRows makes the same from kept counts). */
export type FacetRow = BucketFacetRow

/** The list's total and its three facets: counts per category, per price band (the "under" bands cumulative) and per year. */
export interface Facets {
  total: number
  categories: Map<string, number>
  prices: { value: number; marketCount: number }[]
  publishDates: { publishDateValue: string; marketCount: number }[]
}

/**
 * Newest year first: b.localeCompare(a) as it was, by code unit when both
 * are digits only (to_char's YYYY), where the collation's order is the
 * same. The first localeCompare of a process loads ICU's collation data,
 * some 2 MB of the Node binary's data that then stay resident.
 */
function newestYearFirst(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return a < b ? 1 : a > b ? -1 : 0
  return b.localeCompare(a)
}

export function summarizeFacets(rows: FacetRow[]): Facets {
  const categories = new Map<string, number>()
  const bands = new Array<number>(PRICE_LIMITS.length + 1).fill(0)
  const years = new Map<string, number>()
  let total = 0
  for (const row of rows) {
    categories.set(row.marketType, (categories.get(row.marketType) ?? 0) + row.byCategory)
    if (row.band !== null) bands[row.band] = (bands[row.band] ?? 0) + row.byBand
    years.set(row.year, (years.get(row.year) ?? 0) + row.byYear)
    total += row.total
  }
  // The "under" bands are cumulative (under 12000 includes under 8000); "over" is the last band alone.
  const cumulative = PRICE_LIMITS.map((_, i) => bands.slice(0, i + 1).reduce((sum, n) => sum + n, 0))
  return {
    total,
    categories,
    prices: [
      ...PRICE_LIMITS.map((limit, i) => ({ value: limit, marketCount: cumulative[i]! })),
      { value: PRICE_OVER_VALUE, marketCount: bands[PRICE_LIMITS.length]! },
    ],
    publishDates: [...years]
      .filter(([, n]) => n > 0)
      .sort(([a], [b]) => newestYearFirst(a, b))
      .map(([publishDateValue, marketCount]) => ({ publishDateValue, marketCount })),
  }
}

/**
 * The facet part of a list query: each facet counts with the other filters
 * applied (FILTER), so four scans of the catalogue become one.
 */
export function facetSelect(filters: FilterSql, from: string): string {
  const allBut = (facet?: Exclude<Filter, 'keyword'>) => {
    const kept = Object.entries(filters)
      .filter(([filter]) => filter !== facet)
      .map(([, sql]) => `(${sql})`)
    return kept.length > 0 ? kept.join(' AND ') : 'TRUE'
  }
  const bandCase = `CASE ${PRICE_LIMITS.map((limit, i) => `WHEN r.price <= ${limit} THEN ${i}`).join(' ')} WHEN r.price > ${PRICE_LIMITS[PRICE_LIMITS.length - 1]} THEN ${PRICE_LIMITS.length} END`
  return `SELECT r.market_type AS "marketType", ${bandCase} AS band, to_char(r.publish_date, 'YYYY') AS year,
              count(*) FILTER (WHERE ${allBut('marketType')})::int AS "byCategory",
              count(*) FILTER (WHERE ${allBut('price')})::int AS "byBand",
              count(*) FILTER (WHERE ${allBut('publishDate')})::int AS "byYear",
              count(*) FILTER (WHERE ${allBut()})::int AS total
         FROM ${from} GROUP BY 1, 2, 3`
}
