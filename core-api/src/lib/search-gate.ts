import { AppError } from '../errors.ts'

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
