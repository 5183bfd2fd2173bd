import { LRUCache } from 'lru-cache'

export interface CacheEntry<V = unknown> {
  value: V
  /** Bytes the value takes (its JSON length), for the store's bound */
  size: number
  /** Clock time until which the entry is fresh */
  freshUntil: number
  /** Clock time after which the entry must never be served */
  staleUntil: number
}

/**
 * The small interface the caches sit behind, so a shared store (Redis) can
 * replace the in-process one without touching the caching rules.
 */
export interface CacheStore {
  get(key: string): Promise<CacheEntry | undefined>
  set(key: string, entry: CacheEntry, ttlMs: number): Promise<void>
  /** Drops every key starting with prefix, or everything without one */
  clear(prefix?: string): Promise<void>
}

export class LruCacheStore implements CacheStore {
  private readonly lru: LRUCache<string, CacheEntry>

  constructor(options: { maxEntries: number; maxBytes: number }) {
    this.lru = new LRUCache<string, CacheEntry>({
      max: options.maxEntries,
      maxSize: options.maxBytes,
      // Keys count too: a flood of distinct small answers must not escape the bound.
      sizeCalculation: (entry, key) => Math.max(1, entry.size + key.length),
    })
  }

  async get(key: string) {
    return this.lru.get(key)
  }

  async set(key: string, entry: CacheEntry, ttlMs: number) {
    // An entry larger than the whole store is simply not kept.
    if (entry.size + key.length > this.lru.maxSize) return
    this.lru.set(key, entry, { ttl: Math.max(1, ttlMs) })
  }

  async clear(prefix?: string) {
    if (prefix === undefined) {
      this.lru.clear()
      return
    }
    for (const key of [...this.lru.keys()]) if (key.startsWith(prefix)) this.lru.delete(key)
  }

  get size(): number {
    return this.lru.size
  }

  get bytes(): number {
    return this.lru.calculatedSize
  }
}

/** The subset of an ioredis client the shared store uses. */
export interface RedisLike {
  get(key: string): Promise<string | null>
  set(key: string, value: string, mode: 'PX', ttlMs: number): Promise<unknown>
  scan(cursor: string, match: 'MATCH', pattern: string, count: 'COUNT', n: number): Promise<[string, string[]]>
  unlink(...keys: string[]): Promise<number>
}

/**
 * Entries in Redis, shared by every instance. Redis's own maxmemory policy
 * bounds it; a Redis failure reads as a miss, so the core API answers instead.
 */
export class RedisCacheStore implements CacheStore {
  constructor(
    private readonly redis: RedisLike,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async get(key: string) {
    try {
      const raw = await this.redis.get(this.prefix + key)
      return raw ? (JSON.parse(raw) as CacheEntry) : undefined
    } catch (error) {
      this.onError(error)
      return undefined
    }
  }

  async set(key: string, entry: CacheEntry, ttlMs: number) {
    try {
      await this.redis.set(this.prefix + key, JSON.stringify(entry), 'PX', Math.max(1, Math.round(ttlMs)))
    } catch (error) {
      this.onError(error)
    }
  }

  async clear(prefix = '') {
    // Glob metacharacters in a prefix would widen the match; cache names have none, but be exact anyway.
    const pattern = `${this.prefix}${prefix}`.replace(/[*?[\]\\]/g, '\\$&') + '*'
    let cursor = '0'
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500)
      if (keys.length > 0) await this.redis.unlink(...keys)
      cursor = next
    } while (cursor !== '0')
  }
}
