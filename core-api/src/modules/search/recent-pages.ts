import type { ListQuery } from './list-query.ts'
import type { SearchPage } from './plans/context.ts'
import { BUSY_WAIT_MS, RECENT_PAGE_ROWS, RECENT_RENEW_MS } from './settings.ts'

/** A page answered from the database, and when the work that answered it began (it holds every commit before then). */
interface Recent {
  page: SearchPage
  at: number
}

/** The parts of a query that make its page, in a fixed order. */
export function pageKey(query: ListQuery): string {
  const q = query
  return JSON.stringify([
    q.lang,
    q.pageNo,
    q.pageSize,
    q.keyword?.trim() ?? '',
    q.sort ?? 'latest',
    q.marketType,
    q.reportRegion,
    q.price,
    q.priceStr,
    q.priceEnd,
    q.publishDate,
    q.publishDateStr,
    q.publishDateEnd,
  ])
}

/**
 * Pages answered in the last `staleMs`, per query: what a list is answered
 * when the database keeps its fresh answer waiting. Every list is asked of
 * the database (the plans, under the catalogue version); when that answer
 * has not come within BUSY_WAIT_MS and the same list was answered from the
 * database less than `staleMs` ago, that page is answered instead, and the
 * fresh one replaces it when it comes. On the embedded database (one
 * session) a search otherwise waits for the whole of any write transaction
 * under way, such as an import's batch; with PostgreSQL it waits for the
 * CPU. A page older than `staleMs` is never answered, so a change is in
 * every list within `staleMs` of its commit plus the time to answer
 * (within 2 s), and the BFFs purge report lists again once
 * `staleMs` has passed (CORE_MEMO_TAG_PREFIXES). `staleMs` 0 answers every
 * list from the database.
 */
export class RecentPages {
  private readonly recent = new Map<string, Recent>()
  private rows = 0
  /**
   * The answer last begun per query, shared by its askers for RECENT_RENEW_MS:
   * a later asker begins another, so while the database is slow answers keep
   * landing every RECENT_RENEW_MS rather than one after another (whose ages
   * would add up past staleMs).
   */
  private readonly making = new Map<string, { at: number; page: Promise<SearchPage> }>()

  constructor(
    private readonly staleMs: number,
    private readonly now: () => number = performance.now.bind(performance),
  ) {}

  answer(query: ListQuery, fresh: () => Promise<SearchPage>): Promise<SearchPage> {
    if (this.staleMs <= 0) return fresh()
    const key = pageKey(query)
    const now = this.now()
    let made = this.making.get(key)
    if (!made || made.at < now - Math.min(RECENT_RENEW_MS, this.staleMs)) {
      const entry = { at: now, page: fresh() }
      made = entry
      this.making.set(key, entry)
      entry.page.then(
        (page) => this.keep(key, { page, at: entry.at }),
        () => undefined,
      )
      const done = () => {
        if (this.making.get(key) === entry) this.making.delete(key)
      }
      entry.page.then(done, done)
    }
    const kept = this.recent.get(key)
    if (!kept || kept.at < now - this.staleMs) return made.page
    let timer: NodeJS.Timeout | undefined
    const waited = new Promise<SearchPage>((resolve) => {
      timer = setTimeout(() => resolve(kept.page), BUSY_WAIT_MS)
    })
    return Promise.race([made.page.finally(() => clearTimeout(timer)), waited])
  }

  /** Keeps the newest answer of a query, and lets go of pages too old to answer or past RECENT_PAGE_ROWS. */
  private keep(key: string, entry: Recent): void {
    const old = this.recent.get(key)
    // Answers of one query may land out of order: the one whose work began last holds the most.
    if (old && old.at > entry.at) return
    if (old) this.drop(key, old)
    this.recent.set(key, entry)
    this.rows += Math.max(1, entry.page.rows.length)
    const oldest = this.now() - this.staleMs
    for (const [first, kept] of this.recent) {
      if (kept.at >= oldest && this.rows <= RECENT_PAGE_ROWS) break
      this.drop(first, kept)
    }
  }

  private drop(key: string, entry: Recent): void {
    this.recent.delete(key)
    this.rows -= Math.max(1, entry.page.rows.length)
  }
}
