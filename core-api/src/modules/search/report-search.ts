import type { FastifyBaseLogger } from 'fastify'
import type { Sequelize } from 'sequelize'
import type { Lang } from '../../platform/errors.ts'
import { AnswerCache } from './answer-cache.ts'
import { CountedKeywords } from './counted-keywords.ts'
import { SearchLanes } from './gates.ts'
import type { ListQuery } from './list-query.ts'
import type { SearchPage } from './plans/context.ts'
import { categoryCounts, yearCounts, type CountListQuery } from './plans/count-lists.ts'
import { CountedPage } from './plans/counted-page.ts'
import { KeywordList } from './plans/keyword-list.ts'
import { PlainList } from './plans/plain-list.ts'
import { RecentPages } from './recent-pages.ts'
import { SearchDb } from './search-db.ts'
import { DEFAULT_SEARCH_SETTINGS, type SearchSettings } from './settings.ts'

// The search behind the module's entry: the plans, the kept answers and the lanes put together.

export interface Search {
  /** One page of the report list: its rows in order, and the list's total and facets under its filters. */
  page(query: ListQuery): Promise<SearchPage>
  /** Reports per category under the query's other filters. */
  categoryCounts(query: CountListQuery): Promise<Map<string, number>>
  /** Reports per publish year under the query's other filters, newest first. */
  yearCounts(query: CountListQuery): Promise<{ publishDateValue: string; marketCount: number }[]>
  /**
   * Resolves once the lists asking the database now have their answers: a
   * writer (an import between its batches) gives way to them, so a list that
   * waited for one batch does not wait for the next.
   */
  answered(): Promise<void>
  /** Resolves once the keywords being counted on write are in (or given up): before the database closes, and for tests. */
  settled(): Promise<void>
  /** Folds the kept count rows into one per bucket: of one keyword, or of every keyword without a language. */
  compactKeywordCounts(lang?: Lang, keyword?: string): Promise<void>
}

class ReportSearch implements Search {
  private readonly db: SearchDb
  private readonly counted: CountedKeywords
  private readonly recent: RecentPages
  /** The lists asking the database */
  private readonly asking = new Set<Promise<SearchPage>>()
  /** The plans, by the list they answer (fields, so a test can watch one). */
  readonly plain: PlainList
  readonly keyword: KeywordList

  constructor(sequelize: Sequelize, settings: SearchSettings, log?: Pick<FastifyBaseLogger, 'warn'>) {
    this.db = new SearchDb(sequelize, settings)
    const lanes = new SearchLanes(settings)
    this.counted = new CountedKeywords(this.db, lanes.broad, settings, log)
    const ctx = { db: this.db, cache: new AnswerCache(), lanes, counted: this.counted, settings }
    this.plain = new PlainList(ctx)
    this.keyword = new KeywordList(ctx, new CountedPage(ctx, this.plain))
    this.recent = new RecentPages(settings.staleMs)
  }

  page(query: ListQuery): Promise<SearchPage> {
    // From the database; while it keeps that answer waiting, the same list's page of the last staleMs.
    return this.recent.answer(query, () => {
      const asked = query.keyword?.trim() ? this.keyword.page(query) : this.plain.page(query)
      this.asking.add(asked)
      const done = () => this.asking.delete(asked)
      asked.then(done, done)
      return asked
    })
  }

  answered(): Promise<void> {
    return Promise.allSettled([...this.asking]).then(() => undefined)
  }

  categoryCounts(query: CountListQuery) {
    return categoryCounts(this.db, query)
  }

  yearCounts(query: CountListQuery) {
    return yearCounts(this.db, query)
  }

  settled(): Promise<void> {
    return this.counted.settled()
  }

  compactKeywordCounts(lang?: Lang, keyword?: string): Promise<void> {
    return this.counted.compact(lang, keyword)
  }
}

/** The search over one database, with the config plugin's SEARCH_* settings. */
export function createSearch(
  sequelize: Sequelize,
  settings: SearchSettings = DEFAULT_SEARCH_SETTINGS,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Search {
  return new ReportSearch(sequelize, settings, log)
}
