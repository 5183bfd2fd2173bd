import { AppError } from '../../platform/errors.ts'
import { matchKey, type ListQuery } from './list-query.ts'
import { BROAD_MATCHES, MATCH_COUNT_ENTRIES, type SearchSettings } from './settings.ts'

/**
 * A concurrency cap for search queries that go to the database. A broad or
 * symbol keyword costs the database a scan of every match; without a cap a
 * few clients sending them hold every pooled connection and both cores, and
 * everyone's selective searches wait behind them. Past the cap a query waits
 * its turn briefly (first come, first served), then the caller is answered
 * the busy envelope (TOO_MANY_REQUESTS) rather than holding a connection.
 */
export class SearchGate {
  private running = 0
  private readonly waiting: Array<() => void> = []

  constructor(
    private readonly max: number,
    private readonly queueMs: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.max) this.running++
    else await this.turn()
    try {
      return await task()
    } finally {
      // The slot passes straight to the next in line, so it cannot be taken twice.
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }

  /** Queries running and waiting now (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }

  private turn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const go = () => {
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(go)
        if (at >= 0) this.waiting.splice(at, 1)
        reject(new AppError('TOO_MANY_REQUESTS'))
      }, this.queueMs)
      this.waiting.push(go)
    })
  }
}

/**
 * Two lanes under one cap: broad keywords take at most half of it, so
 * selective searches always find a free slot. A keyword's lane comes from
 * its text and from how many reports it matched when last asked.
 */
export class SearchLanes {
  readonly broad: SearchGate
  readonly selective: SearchGate
  /** How many reports each recently searched keyword matched (lang|keyword), to send a broad one to its lane. */
  private readonly matchCounts = new Map<string, number>()

  constructor(settings: Pick<SearchSettings, 'concurrency' | 'queueMs'>) {
    const broad = Math.max(1, Math.floor(settings.concurrency / 2))
    this.broad = new SearchGate(broad, settings.queueMs)
    this.selective = new SearchGate(Math.max(1, settings.concurrency - broad), settings.queueMs)
  }

  /**
   * The lane of a search that must query the database: broad when its
   * keyword is one character or symbols only (% . ，), or matched at least
   * BROAD_MATCHES reports when last asked (under any filters), as 中国 and
   * market do; selective otherwise.
   */
  laneOf(query: Pick<ListQuery, 'lang' | 'keyword'>): SearchGate {
    const keyword = (query.keyword ?? '').trim()
    if ([...keyword].length <= 1 || !/[\p{L}\p{N}]/u.test(keyword)) return this.broad
    return (this.matchCounts.get(matchKey(query)) ?? 0) >= BROAD_MATCHES ? this.broad : this.selective
  }

  /** Notes how many reports a keyword matched (filters narrow the answer, not the work): its next miss takes the lane this says. */
  noteMatches(query: Pick<ListQuery, 'lang' | 'keyword'>, matches: number): void {
    const key = matchKey(query)
    this.matchCounts.delete(key)
    this.matchCounts.set(key, matches)
    if (this.matchCounts.size > MATCH_COUNT_ENTRIES) this.matchCounts.delete(this.matchCounts.keys().next().value!)
  }
}
