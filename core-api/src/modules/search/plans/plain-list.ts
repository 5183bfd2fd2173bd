import { bucketFacetRows, bucketFilters } from '../keyword-counts.ts'
import { facetSelect, summarizeFacets, type FacetRow, type Facets } from '../facets.ts'
import {
  addKeywordSubstringCondition,
  filterExpressions,
  listConditions,
  ORDER_BY,
  REVERSED_ORDER_BY,
  type ListQuery,
} from '../list-query.ts'
import { countedBuckets, type SearchContext, type SearchPage } from './context.ts'

/**
 * A list without a keyword. A page's ids come from research_report_search's
 * index in the list's order (an index-only scan: see the migration
 * report-search-pages), not from the wide table: sorted by price, the wide
 * table has no index in that order and sorted every report for each page,
 * and a deep page visited every wide row before it. A page past the middle
 * is read from the other end, so the last page costs what the first does;
 * the total it needs comes from the kept facet counts. Only the page's own
 * rows are read from research_report.
 */
export class PlainList {
  constructor(private readonly ctx: SearchContext) {}

  async page(query: ListQuery): Promise<SearchPage> {
    const offset = (query.pageNo - 1) * query.pageSize
    const counting = this.facets(query)
    // The first page needs no total: its ids are read beside the counts.
    const [ids, facets] = await Promise.all([
      offset === 0 ? this.pageIds(query, Infinity, false) : counting.then((counts) => this.pageIds(query, counts.total, false)),
      counting,
    ])
    return { rows: await this.ctx.db.rowsByIds(ids, query.lang, ORDER_BY[query.sort ?? 'latest']), facets }
  }

  /**
   * Every facet of the list and its total in one pass over the matching
   * reports: an index-only scan without a keyword. The same counts serve
   * every page and every visitor until a report changes, so they are kept
   * per catalogue version; summed from the plain list's kept counts when its
   * filters are those of the counts' buckets.
   */
  async facets(query: ListQuery): Promise<Facets> {
    const { db, cache } = this.ctx
    const c = listConditions(query.lang)
    const filters = filterExpressions(query, c)
    const version = await db.catalogueVersion()
    // Filters the kept counts answer (no free price or date range): summed from the plain list's buckets.
    const counted = bucketFilters(query)
    if (version !== undefined && counted) {
      const buckets = await countedBuckets(this.ctx, version, query.lang, '')
      if (buckets) return summarizeFacets(bucketFacetRows(buckets, counted))
    }
    const key = `${JSON.stringify(c.params)}|${JSON.stringify(filters)}`
    return cache.facets(version, key, () =>
      db.select<FacetRow>(facetSelect(filters, `research_report r ${c.where}`), c.params).then(summarizeFacets),
    )
  }

  /**
   * A page's ids in the list's order, read along research_report_search's
   * order index: forwards, or backwards from the end for a page past the
   * middle of the total. With walk, the query's keyword is tested on each
   * row's text as the index passes it (a counted keyword, see CountedPage),
   * and the planner may not turn to the search index instead (which would
   * read every match); without it the keyword (if any) is left out.
   */
  async pageIds(query: ListQuery, total: number, walk: boolean): Promise<string[]> {
    const sort = query.sort ?? 'latest'
    const offset = (query.pageNo - 1) * query.pageSize
    if (offset >= total) return []
    const c = listConditions(query.lang)
    if (walk) addKeywordSubstringCondition(c, query.keyword, 'r')
    for (const sql of Object.values(filterExpressions(query, c))) c.add(sql)
    const backwards = offset + query.pageSize / 2 > total / 2
    // Backwards, the page is rows total - offset - pageSize .. total - offset of the reversed order.
    const skip = backwards ? Math.max(0, total - offset - query.pageSize) : offset
    const take = backwards ? Math.min(query.pageSize, total - offset) : query.pageSize
    const limit = c.bind(take)
    const skipped = c.bind(skip)
    const sql = `SELECT r.id::text AS id FROM research_report_search r ${c.where} ORDER BY ${(backwards ? REVERSED_ORDER_BY : ORDER_BY)[sort]} LIMIT ${limit} OFFSET ${skipped}`
    const found = walk
      ? await this.ctx.db.searchSelect<{ id: string }>(sql, c.params, { bitmapScan: false })
      : await this.ctx.db.select<{ id: string }>(sql, c.params)
    const ids = found.map((row) => row.id)
    if (backwards) ids.reverse()
    return ids
  }
}
