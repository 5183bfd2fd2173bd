import { addKeywordCondition, normalizeKeyword, type Conditions } from '../../../platform/lib/sql.ts'
import type { KeywordAnswer } from '../answer-cache.ts'
import { facetSelect, summarizeFacets, type FacetRow } from '../facets.ts'
import { filterExpressions, listConditions, ORDER_BY, type FilterSql, type ListQuery, type Sort } from '../list-query.ts'
import type { SearchContext, SearchPage } from './context.ts'
import type { CountedPage } from './counted-page.ts'

/**
 * A keyword list: the matches are read once, from the narrow
 * research_report_search (see its migration), and both the facets and
 * the order of every match are made from them; only the page's rows are
 * read from the wide table. The search index finds the matches first; left
 * to itself the planner may walk the date index hoping to meet ten matches
 * early, and read the whole catalogue when a keyword matches little or
 * nothing in the language.
 *
 * Reading the matches costs in proportion to how many there are: a broad
 * keyword (中国, market) or a symbol (%, .) matches every report, 100 ms
 * and more at 100,000 reports. So the answer, facets and ordered ids, is
 * kept per (keyword, filters, order, catalogue version), as the keyword-less
 * facet counts are: every page of it, and every visitor asking it again,
 * is then a slice of the ids and one read of the page's rows, until a
 * report changes. Concurrent askers of the same answer share one query.
 *
 * A keyword that matched countedMatches reports or more is counted on
 * write from then on (CountedKeywords.start): under a new version its answer
 * is summed from those counts and its page walked (CountedPage), so no
 * request reads its matches again, but for a page too deep to walk.
 */
export class KeywordList {
  constructor(
    private readonly ctx: SearchContext,
    private readonly counted: CountedPage,
  ) {}

  async page(query: ListQuery): Promise<SearchPage> {
    const { db, cache, lanes } = this.ctx
    const c = listConditions(query.lang)
    addKeywordCondition(c, query.keyword, 'r')
    const filters = filterExpressions(query, c)
    const sort = query.sort ?? 'latest'
    const version = await db.catalogueVersion()
    const key = `${version}|${sort}|${JSON.stringify(c.params)}|${JSON.stringify(filters)}`
    let answer = version !== undefined ? cache.keptAnswer(key) : undefined
    if (!answer) {
      const walked = version !== undefined ? await this.counted.page(query, version, key) : undefined
      if (walked) return walked
      answer = lanes.laneOf(query).run(() => this.matches(c, filters, sort, query))
      if (version !== undefined) cache.keepAnswer(key, answer)
    }
    const { facets, ids } = await answer
    const offset = (query.pageNo - 1) * query.pageSize
    const pageIds = Array.from(ids.subarray(Math.min(offset, ids.length), Math.min(offset + query.pageSize, ids.length)), (id) =>
      String(id),
    )
    return { rows: await db.rowsByIds(pageIds, query.lang, ORDER_BY[sort]), facets }
  }

  /** Every match of a keyword under the filters: the facets, and the ids in the list's order. */
  async matches(c: Conditions, filters: FilterSql, sort: Sort, query: ListQuery): Promise<KeywordAnswer> {
    const all =
      Object.values(filters)
        .map((sql) => `(${sql})`)
        .join(' AND ') || 'TRUE'
    const [found] = await this.ctx.db.searchSelect<{ facets: FacetRow[]; ids: string; matches: number }>(
      `WITH m AS MATERIALIZED (SELECT r.id, r.market_type, r.report_region, r.price, r.publish_date FROM research_report_search r ${c.where}),
            facets AS (${facetSelect(filters, 'm r')})
       SELECT (SELECT coalesce(json_agg(f), '[]'::json) FROM facets f) AS facets,
              (SELECT coalesce(string_agg(r.id::text, ',' ORDER BY ${ORDER_BY[sort]}), '') FROM m r WHERE ${all}) AS ids,
              (SELECT count(*)::int FROM m) AS matches`,
      c.params,
    )
    // Filters narrow the answer, not the work: the keyword's own match count says which lane its next miss takes.
    this.ctx.lanes.noteMatches(query, found?.matches ?? 0)
    // A keyword this broad is counted on write from now on: its next lists, under any version, need not read its matches.
    if ((found?.matches ?? 0) >= this.ctx.settings.countedMatches) this.ctx.counted.start(query.lang, normalizeKeyword(query.keyword))
    const text = found?.ids ?? ''
    // Report ids are bigserial values: below 2^32 (every catalogue short of four
    // billion reports) each takes 4 bytes; past it a double still holds each exactly.
    const numbers = text === '' ? [] : text.split(',').map(Number)
    const ids = numbers.every((id) => id <= 0xffff_ffff) ? Uint32Array.from(numbers) : Float64Array.from(numbers)
    return { facets: summarizeFacets(found?.facets ?? []), ids }
  }
}
