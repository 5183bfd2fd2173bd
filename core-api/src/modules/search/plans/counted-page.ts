import { normalizeKeyword } from '../../../platform/lib/sql.ts'
import { summarizeFacets } from '../facets.ts'
import { bucketFacetRows, bucketFilters, bucketTotal } from '../keyword-counts.ts'
import { ORDER_BY, type ListQuery } from '../list-query.ts'
import { WALK_ROWS } from '../settings.ts'
import { countedBuckets, type SearchContext, type SearchPage } from './context.ts'
import type { PlainList } from './plain-list.ts'

/**
 * A counted keyword's page without reading its matches: the facets and
 * total summed from its kept counts, the page's ids by walking the order
 * index from the nearer end and testing each row's text, as a plain list
 * reads its page. The walk passes the rows before the page, matches or
 * not: about (rows before it) ÷ (share of the index's range that matches),
 * from the plain list's counts.
 */
export class CountedPage {
  constructor(
    private readonly ctx: SearchContext,
    private readonly plain: PlainList,
  ) {}

  /**
   * Undefined when the keyword is not counted, a filter cuts through the
   * buckets, or the walk would be longer than WALK_ROWS (a page deep into a
   * keyword matching a few percent of the catalogue): the caller then reads
   * every match. key: the keyword answer's (version included).
   */
  async page(query: ListQuery, version: string, key: string): Promise<SearchPage | undefined> {
    const filters = bucketFilters(query)
    if (!filters) return undefined
    const [buckets, catalogue] = await Promise.all([
      countedBuckets(this.ctx, version, query.lang, normalizeKeyword(query.keyword)),
      countedBuckets(this.ctx, version, query.lang, ''),
    ])
    if (!buckets || !catalogue) return undefined
    const facets = summarizeFacets(bucketFacetRows(buckets, filters))
    const offset = (query.pageNo - 1) * query.pageSize
    if (offset >= facets.total) return { rows: [], facets }
    // The walk reads every report in the order index's range (a year for the latest first, a price band by price)
    // from the heap, to test the other filters and the keyword: that many per match it finds.
    const sort = query.sort ?? 'latest'
    const range = bucketTotal(catalogue, sort === 'latest' ? { year: filters.year } : { bands: filters.bands })
    const walk = (Math.max(0, Math.min(offset, facets.total - offset - query.pageSize)) + query.pageSize) * (range / facets.total)
    if (walk > WALK_ROWS) return undefined
    const ids = this.ctx.cache.walkedPage(`${key}|${query.pageNo}|${query.pageSize}`, () =>
      this.ctx.lanes.selective.run(() => this.plain.pageIds(query, facets.total, true)),
    )
    return { rows: await this.ctx.db.rowsByIds(await ids, query.lang, ORDER_BY[sort]), facets }
  }
}
