import type { CacheStore } from './cache-store.ts'

export type CacheOutcome = 'HIT' | 'MISS' | 'STALE'

/** What a loader fetched: whether it may be kept, and whether it was a failure a stale entry may stand in for. */
export interface Loaded<V> {
  value: V
  size: number
  cacheable: boolean
  failed: boolean
  /** What the value holds, for purges by tag (CacheStore.set) */
  tags?: readonly string[]
}

export interface CacheResult<V> {
  value: V
  outcome: CacheOutcome
  /** On a HIT: the clock time until which the value stays fresh */
  freshUntil?: number
}

export interface SwrCacheOptions {
  ttlMs: number
  staleWhileRevalidateMs: number
  staleIfErrorMs: number
  clock?: () => number
  onOutcome?: (outcome: CacheOutcome) => void
  onRefreshError?: (error: unknown) => void
}

/**
 * One named cache with stale-while-revalidate and stale-if-error on top of a
 * CacheStore. Concurrent misses for one key share one load.
 */
export class SwrCache<V> {
  private readonly inflight = new Map<string, Promise<Loaded<V>>>()
  private readonly clock: () => number

  constructor(
    readonly name: string,
    private readonly store: CacheStore,
    private readonly options: SwrCacheOptions,
  ) {
    this.clock = options.clock ?? Date.now
  }

  private storeKey(key: string): string {
    return `${this.name}|${key}`
  }

  async get(key: string, loader: () => Promise<Loaded<V>>): Promise<CacheResult<V>> {
    const entry = await this.store.get(this.storeKey(key))
    const now = this.clock()
    // A lifetime lowered since the entry was stored applies to it too (ops settings).
    const freshUntil = entry ? Math.min(entry.freshUntil, (entry.storedAt ?? entry.freshUntil) + this.options.ttlMs) : 0
    if (entry && now < entry.staleUntil) {
      if (now < freshUntil) return this.result(entry.value as V, 'HIT', freshUntil)
      if (now < freshUntil + this.options.staleWhileRevalidateMs) {
        this.load(key, loader).catch((error) => this.options.onRefreshError?.(error))
        return this.result(entry.value as V, 'STALE')
      }
    }
    const usableOnError = entry && now < freshUntil + this.options.staleIfErrorMs ? entry : undefined
    let loaded: Loaded<V>
    try {
      loaded = await this.load(key, loader)
    } catch (error) {
      if (usableOnError) return this.result(usableOnError.value as V, 'STALE')
      throw error
    }
    if (loaded.failed && usableOnError) return this.result(usableOnError.value as V, 'STALE')
    return this.result(loaded.value, 'MISS')
  }

  clear(): Promise<void> {
    return this.store.clear(`${this.name}|`)
  }

  private result(value: V, outcome: CacheOutcome, freshUntil?: number): CacheResult<V> {
    this.options.onOutcome?.(outcome)
    return freshUntil === undefined ? { value, outcome } : { value, outcome, freshUntil }
  }

  private load(key: string, loader: () => Promise<Loaded<V>>): Promise<Loaded<V>> {
    const pending = this.inflight.get(key)
    if (pending) return pending
    const promise = (async () => {
      try {
        const loaded = await loader()
        if (loaded.cacheable) {
          const now = this.clock()
          const keepMs = this.options.ttlMs + Math.max(this.options.staleWhileRevalidateMs, this.options.staleIfErrorMs)
          const stored = {
            value: loaded.value,
            size: loaded.size,
            freshUntil: now + this.options.ttlMs,
            staleUntil: now + keepMs,
            storedAt: now,
          }
          await this.store.set(this.storeKey(key), stored, keepMs, loaded.tags)
        }
        return loaded
      } finally {
        this.inflight.delete(key)
      }
    })()
    this.inflight.set(key, promise)
    return promise
  }
}
