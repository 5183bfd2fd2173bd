import { conditionsWithout, type ListQuery, type ReportListFilters } from '../list-query.ts'
import type { SearchDb } from '../search-db.ts'

/** The filters the category and year lists take. */
export type CountListQuery = Pick<ListQuery, 'lang' | 'keyword'> & ReportListFilters

// Both read research_report_search, the narrow copy of the columns they
// filter on with the keyword indexes (research_report has none since
// migration 20).

/** Reports per category under the query's other filters (categoryList, marketTypeList): not kept, one GROUP BY. */
export async function categoryCounts(db: SearchDb, query: CountListQuery): Promise<Map<string, number>> {
  const c = conditionsWithout(query, 'marketType')
  const counts = await db.select<{ marketType: string; count: string }>(
    `SELECT r.market_type AS "marketType", count(*) AS count FROM research_report_search r ${c.where} GROUP BY r.market_type`,
    c.params,
  )
  return new Map(counts.map((row) => [row.marketType, Number(row.count)]))
}

/** Reports per publish year under the query's other filters, newest first (publishDateList). */
export async function yearCounts(db: SearchDb, query: CountListQuery): Promise<{ publishDateValue: string; marketCount: number }[]> {
  const c = conditionsWithout(query, 'publishDate')
  const rows = await db.select<{ publishDateValue: string; marketCount: string }>(
    `SELECT to_char(date_trunc('year', r.publish_date), 'YYYY') AS "publishDateValue", count(*) AS "marketCount"
       FROM research_report_search r ${c.where} GROUP BY 1 ORDER BY 1 DESC`,
    c.params,
  )
  return rows.map((row) => ({ publishDateValue: row.publishDateValue, marketCount: Number(row.marketCount) }))
}
