import type { FastifyBaseLogger } from 'fastify'
import { QueryTypes } from 'sequelize'
import type { Lang } from '../../platform/errors.ts'
import { addKeywordCondition } from '../../platform/lib/sql.ts'
import type { SearchGate } from './gates.ts'
import { compactKeywordCounts, type CountBucket } from './keyword-counts.ts'
import { listConditions } from './list-query.ts'
import type { SearchDb } from './search-db.ts'
import { COUNT_ROWS_SLACK, COUNTED_KEYWORDS, MATCH_COUNT_ENTRIES, SEARCH_WORK_MEM, type SearchSettings } from './settings.ts'

/**
 * The keywords counted on write (research_report_keyword; the trigger of
 * migration report-keyword-counts keeps their counts per bucket in
 * research_report_keyword_count): reading a keyword's counts, starting to
 * count one, and folding count rows together.
 */
export class CountedKeywords {
  /** Keywords this process has started counting (lang|keyword), and the work of those not done yet. */
  private readonly counting = new Map<string, Promise<void> | undefined>()

  constructor(
    private readonly db: SearchDb,
    /** The broad lane: counting reads every match, as the search that found them did. */
    private readonly lane: SearchGate,
    private readonly settings: Pick<SearchSettings, 'statementTimeoutMs'>,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /**
   * The counts of a keyword ('' for the plain list) in one language, summed
   * per bucket; null when the keyword is not counted. Count rows are added by
   * every write, so once they outnumber the buckets they are folded together
   * (in the background).
   */
  async read(lang: Lang, keyword: string): Promise<CountBucket[] | null> {
    const [found] = await this.db.select<{ counted: boolean; rows: number; buckets: CountBucket[] }>(
      `SELECT EXISTS (SELECT 1 FROM research_report_keyword WHERE lang = $1 AND keyword = $2) AS counted,
              (SELECT count(*)::int FROM research_report_keyword_count WHERE lang = $1 AND keyword = $2) AS rows,
              (SELECT coalesce(json_agg(b), '[]'::json) FROM (
                 SELECT market_type AS "marketType", report_region AS "reportRegion", band, year, sum(n)::int AS n
                   FROM research_report_keyword_count WHERE lang = $1 AND keyword = $2
                  GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0) b) AS buckets`,
      [lang, keyword],
    )
    if (!found?.counted) return null
    if (found.rows > found.buckets.length + COUNT_ROWS_SLACK) void this.compact(lang, keyword).catch(() => undefined)
    return found.buckets
  }

  /** Folds count rows together (keyword-counts.ts compactKeywordCounts): of one keyword, or of all without a language. */
  compact(lang?: Lang, keyword?: string): Promise<void> {
    return compactKeywordCounts(this.db.sequelize, lang === undefined ? undefined : { lang, keyword: keyword ?? '' })
  }

  /**
   * Counts a keyword on write from now on (at most COUNTED_KEYWORDS per
   * language), in the background: its buckets are filled from its matches
   * while report writers wait (SHARE), so that none is counted twice or
   * missed; a writer in the way makes it give up after lock_timeout, to be
   * tried again by a later search. It reads every match once, in the broad
   * lane, as the search that found them did.
   */
  start(lang: Lang, keyword: string): void {
    const key = `${lang}|${keyword}`
    if (keyword === '' || this.counting.has(key)) return
    const { sequelize } = this.db
    const work = this.lane
      .run(() =>
        sequelize.transaction(async (transaction) => {
          const run = (sql: string, bind: unknown[]) => sequelize.query(sql, { bind, transaction })
          const select = (sql: string, bind: unknown[]) => sequelize.query(sql, { bind, type: QueryTypes.SELECT, transaction })
          await select(
            `SELECT set_config('lock_timeout', '2000', true), set_config('statement_timeout', $1, true), set_config('enable_seqscan', 'off', true), set_config('work_mem', '${SEARCH_WORK_MEM}', true)`,
            [String(this.settings.statementTimeoutMs)],
          )
          await run(`LOCK TABLE research_report_search IN SHARE MODE`, [])
          const added = await select(
            `INSERT INTO research_report_keyword (lang, keyword)
         SELECT $1::varchar, $2::text WHERE (SELECT count(*) FROM research_report_keyword WHERE lang = $1::varchar) < ${COUNTED_KEYWORDS + 1}
         ON CONFLICT DO NOTHING RETURNING 1 AS added`,
            [lang, keyword],
          )
          if (added.length === 0) return
          const c = listConditions(lang)
          addKeywordCondition(c, keyword, 'r')
          const k = c.bind(keyword)
          await run(
            `INSERT INTO research_report_keyword_count (lang, keyword, market_type, report_region, band, year, n)
         SELECT r.lang, ${k}, r.market_type, r.report_region, rpt_price_band(r.price), to_char(r.publish_date, 'YYYY'), count(*)
           FROM research_report_search r ${c.where} GROUP BY 1, 2, 3, 4, 5, 6`,
            c.params,
          )
        }),
      )
      .then(
        () => {
          this.counting.set(key, undefined)
        },
        (error: unknown) => {
          // Busy, timed out or in a writer's way: a later search tries again.
          this.counting.delete(key)
          this.log?.warn({ err: error, lang }, 'a broad keyword could not be counted on write yet')
        },
      )
    this.counting.set(key, work)
    // Bounded: the oldest settled keys go first (a settled one is only a note not to ask again).
    if (this.counting.size > MATCH_COUNT_ENTRIES) {
      for (const [oldKey, pending] of this.counting) {
        if (this.counting.size <= MATCH_COUNT_ENTRIES) break
        if (!pending) this.counting.delete(oldKey)
      }
    }
  }

  /** Resolves once the keywords being counted are in (or given up): for a close, and for tests. */
  async settled(): Promise<void> {
    await Promise.all([...this.counting.values()])
  }
}
