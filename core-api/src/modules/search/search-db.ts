import { DatabaseError, QueryTypes, type Sequelize } from 'sequelize'
import { AppError } from '../../platform/errors.ts'
import { LIST_COLUMNS, type ListRow } from './list-rows.ts'
import { SEARCH_WORK_MEM, type SearchSettings } from './settings.ts'

/** The search's reads: plain ones, search queries under their own limits, a page's rows, and the catalogue version. */
export class SearchDb {
  constructor(
    readonly sequelize: Sequelize,
    private readonly settings: Pick<SearchSettings, 'statementTimeoutMs'>,
  ) {}

  select<T extends object>(sql: string, bind: unknown[]): Promise<T[]> {
    return this.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT })
  }

  /** The catalogue version (research_report_version, bumped by every report write): kept answers are valid for one version only. */
  async catalogueVersion(): Promise<string | undefined> {
    const [current] = await this.select<{ version: string }>(
      `SELECT version::text AS version FROM research_report_version WHERE id = 1`,
      [],
    )
    return current?.version
  }

  /**
   * A search query with its own statement_timeout, in a transaction of its
   * own (SET LOCAL ends with it). A query that outlasts it is cancelled by
   * the database and answered the busy envelope, rather than holding a
   * connection and a core. enable_seqscan is off for it: a one-character
   * symbol (%, .) is in almost every report, and the planner then chose a
   * sequential scan that detoasts every report's gram array (stored out of
   * line) to test it, 1.2 s at 100,000 reports, where the gram index
   * answers the same rows without reading a single array. work_mem is
   * raised for it: with the default 4 MB the bitmap of a million matches
   * turned lossy, and rechecking the lossy pages detoasted 693,143 gram
   * arrays (11.3 s at 1,000,000 reports per language, 2.2 s with 64 MB).
   */
  searchSelect<T extends object>(sql: string, bind: unknown[], plan: { bitmapScan?: boolean } = {}): Promise<T[]> {
    return this.sequelize
      .transaction(async (transaction) => {
        // Without bitmap scans the search indexes (GIN answers only those) are out of the plan: an order index is walked.
        const bitmap = plan.bitmapScan === false ? `, set_config('enable_bitmapscan', 'off', true)` : ''
        await this.sequelize.query(
          `SELECT set_config('statement_timeout', $1, true), set_config('enable_seqscan', 'off', true), set_config('work_mem', '${SEARCH_WORK_MEM}', true)${bitmap}`,
          {
            bind: [String(this.settings.statementTimeoutMs)],
            type: QueryTypes.SELECT,
            transaction,
          },
        )
        return this.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT, transaction })
      })
      .catch((error: unknown) => {
        // 57014 query_canceled: the statement timeout.
        if (error instanceof DatabaseError && (error.parent as { code?: string } | undefined)?.code === '57014')
          throw new AppError('TOO_MANY_REQUESTS')
        throw error
      })
  }

  /**
   * A page's rows, in the list's order. The ids come from an earlier
   * statement (another snapshot), so a report hidden or moved to the other
   * language in between must not come back with them.
   */
  async rowsByIds(ids: string[], lang: string, order: string): Promise<ListRow[]> {
    if (ids.length === 0) return []
    return this.select<ListRow>(
      `SELECT ${LIST_COLUMNS} FROM research_report r WHERE r.id = ANY($1::bigint[]) AND r.lang = $2 AND r.status = '0' ORDER BY ${order}`,
      [ids, lang],
    )
  }
}
