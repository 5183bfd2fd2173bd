import type { Sequelize } from 'sequelize'
import { PRICE_LIMITS, priceBand } from '../../platform/lib/pricing.ts'
import type { ReportListFilters } from './list-query.ts'

// The kept counts of a keyword (research_report_keyword_count, see its
// migration) as the list's facets read them: one count per category,
// region, price band and year. These functions apply a query's filters to
// them in memory, as the facet SQL's FILTER clauses do to the matches.

/** A keyword's matches in one (category, region, price band, year). */
export interface CountBucket {
  marketType: string
  reportRegion: string
  /** Index of the price band (PRICE_LIMITS, then "over"); null without a price */
  band: number | null
  /** to_char(publish_date, 'YYYY') */
  year: string
  n: number
}

/** The filters a query sets, in the buckets' terms. */
export interface BucketFilters {
  marketType?: string
  reportRegion?: string
  /** Bands a price filter keeps: [0, i] under PRICE_LIMITS[i], [last, last] over it */
  bands?: readonly [number, number]
  year?: string
}

/** One facet row as the facet SQL groups it (facetSelect in facets.ts): per category, band and year, a count per facet with the other filters applied. */
export interface BucketFacetRow {
  marketType: string
  band: number | null
  year: string
  byCategory: number
  byBand: number
  byYear: number
  total: number
}

/**
 * The query's filters in bucket terms, or undefined when one cannot be
 * answered from the buckets: a free price or date range cuts through them.
 */
export function bucketFilters(query: ReportListFilters): BucketFilters | undefined {
  if (query.priceStr !== undefined || query.priceEnd !== undefined || query.publishDateStr || query.publishDateEnd) return undefined
  const filters: BucketFilters = {}
  if (query.marketType) filters.marketType = query.marketType
  if (query.reportRegion) filters.reportRegion = query.reportRegion
  if (query.price !== undefined) {
    const band = priceBand(query.price)
    if (band.kind === 'over') filters.bands = [PRICE_LIMITS.length, PRICE_LIMITS.length]
    else {
      const index = (PRICE_LIMITS as readonly number[]).indexOf(band.limit)
      // Any other limit (price 9000) splits a band.
      if (index < 0) return undefined
      filters.bands = [0, index]
    }
  }
  if (query.publishDate) {
    // The list filters by Number(the first four characters); a bucket's year is zero-padded: equal for 1000–9999.
    const year = Number(query.publishDate.slice(0, 4))
    if (!Number.isInteger(year) || year < 1000 || year > 9999) return undefined
    filters.year = String(year)
  }
  return filters
}

// report_region is char(1): the database compares it without trailing spaces.
const bpchar = (text: string) => text.replace(/ +$/, '')

/** The buckets as facet rows: each count once per facet it belongs to, with the other filters applied. */
export function bucketFacetRows(buckets: readonly CountBucket[], filters: BucketFilters): BucketFacetRow[] {
  const region = filters.reportRegion === undefined ? undefined : bpchar(filters.reportRegion)
  const rows: BucketFacetRow[] = []
  for (const bucket of buckets) {
    if (region !== undefined && bpchar(bucket.reportRegion) !== region) continue
    const type = filters.marketType === undefined || bucket.marketType === filters.marketType
    const price =
      filters.bands === undefined || (bucket.band !== null && bucket.band >= filters.bands[0] && bucket.band <= filters.bands[1])
    const year = filters.year === undefined || bucket.year === filters.year
    rows.push({
      marketType: bucket.marketType,
      band: bucket.band,
      year: bucket.year,
      byCategory: price && year ? bucket.n : 0,
      byBand: type && year ? bucket.n : 0,
      byYear: type && price ? bucket.n : 0,
      total: type && price && year ? bucket.n : 0,
    })
  }
  return rows
}

/** How many of the buckets' reports pass every filter. */
export function bucketTotal(buckets: readonly CountBucket[], filters: BucketFilters): number {
  let total = 0
  for (const row of bucketFacetRows(buckets, filters)) total += row.total
  return total
}

/**
 * Folds the count rows of one keyword (of every keyword without it) into
 * one per bucket; every write adds rows, and a catalogue build a row per
 * report. One statement: rows a writer adds meanwhile are not in its
 * snapshot, so they are neither deleted nor summed, and stay.
 */
export async function compactKeywordCounts(sequelize: Sequelize, only?: { lang: string; keyword: string }): Promise<void> {
  await sequelize.query(
    `WITH gone AS (DELETE FROM research_report_keyword_count ${only ? 'WHERE lang = $1 AND keyword = $2' : ''} RETURNING *)
     INSERT INTO research_report_keyword_count (lang, keyword, market_type, report_region, band, year, n)
     SELECT lang, keyword, market_type, report_region, band, year, sum(n) FROM gone GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0`,
    { bind: only ? [only.lang, only.keyword] : [] },
  )
}
