import { LRUCache } from 'lru-cache'

export interface CacheEntry<V = unknown> {
  value: V
  /** Bytes the value takes (its JSON length), for the store's bound */
  size: number
  /** Clock time until which the entry is fresh */
  freshUntil: number
  /** Clock time after which the entry must never be served */
  staleUntil: number
  /** Clock time it was stored, so a lifetime lowered since applies to it too */
  storedAt?: number
}

/**
 * The small interface the caches sit behind, so a shared store (Redis) can
 * replace the in-process one without touching the caching rules.
 */
export interface CacheStore {
  get(key: string): Promise<CacheEntry | undefined>
  /** Tags name what the entry holds (a report, a dictionary, a language), for a purge of just that */
  set(key: string, entry: CacheEntry, ttlMs: number, tags?: readonly string[]): Promise<void>
  /** Drops every key starting with prefix, or everything without one */
  clear(prefix?: string): Promise<void>
  /** Drops every entry carrying one of the tags; answers how many went */
  clearTags(tags: readonly string[]): Promise<number>
  /** Drops these exact keys; answers how many went */
  delete(keys: readonly string[]): Promise<number>
  /** Up to limit keys starting with prefix */
  keys(prefix: string, limit: number): Promise<string[]>
  /** Entries and bytes under a prefix; bytes null where counting them would mean reading every entry (Redis) */
  usage(prefix: string): Promise<{ entries: number; bytes: number | null }>
}

/** Empties a store under prefix (all of it without one), answering how many entries went: what a purge reports. */
export async function clearCounting(store: Pick<CacheStore, 'usage' | 'clear'>, prefix?: string): Promise<number> {
  const { entries } = await store.usage(prefix ?? '')
  await store.clear(prefix)
  return entries
}

/** The tag index of an in-memory store: which keys carry a tag, and which tags a key carries. */
class TagIndex {
  private readonly byTag = new Map<string, Set<string>>()
  private readonly byKey = new Map<string, readonly string[]>()

  add(key: string, tags: readonly string[]): void {
    if (tags.length === 0) return
    this.byKey.set(key, tags)
    for (const tag of tags) {
      let keys = this.byTag.get(tag)
      if (!keys) this.byTag.set(tag, (keys = new Set()))
      keys.add(key)
    }
  }

  remove(key: string): void {
    const tags = this.byKey.get(key)
    if (!tags) return
    this.byKey.delete(key)
    for (const tag of tags) {
      const keys = this.byTag.get(tag)
      keys?.delete(key)
      if (keys?.size === 0) this.byTag.delete(tag)
    }
  }

  keysOf(tags: readonly string[]): string[] {
    const found = new Set<string>()
    for (const tag of tags) for (const key of this.byTag.get(tag) ?? []) found.add(key)
    return [...found]
  }

  clear(): void {
    this.byTag.clear()
    this.byKey.clear()
  }
}

export class LruCacheStore implements CacheStore {
  private lru: LRUCache<string, CacheEntry>
  private readonly tags = new TagIndex()

  constructor(options: { maxEntries: number; maxBytes: number }) {
    this.lru = this.create(options)
  }

  private create(options: { maxEntries: number; maxBytes: number }): LRUCache<string, CacheEntry> {
    return new LRUCache<string, CacheEntry>({
      max: options.maxEntries,
      maxSize: options.maxBytes,
      // Keys count too: a flood of distinct small answers must not escape the bound.
      sizeCalculation: (entry, key) => Math.max(1, entry.size + key.length),
      // Evicted, expired, replaced or deleted: its tags no longer lead to it.
      dispose: (_entry, key) => this.tags.remove(key),
    })
  }

  /** New bounds (ops settings): what fits is kept, least recently used first out. */
  resize(options: { maxEntries: number; maxBytes: number }): void {
    if (options.maxEntries === this.lru.max && options.maxBytes === this.lru.maxSize) return
    const old = this.lru
    this.lru = this.create(options)
    for (const key of old.rkeys()) {
      const entry = old.peek(key)
      const ttl = old.getRemainingTTL(key)
      if (!entry || entry.size + key.length > this.lru.maxSize || ttl <= 0) {
        this.tags.remove(key)
        continue
      }
      this.lru.set(key, entry, { ttl: Number.isFinite(ttl) ? ttl : 0 })
    }
  }

  async get(key: string) {
    return this.lru.get(key)
  }

  async set(key: string, entry: CacheEntry, ttlMs: number, tags: readonly string[] = []) {
    // An entry larger than the whole store is simply not kept.
    if (entry.size + key.length > this.lru.maxSize) return
    this.lru.set(key, entry, { ttl: Math.max(1, ttlMs) })
    if (this.lru.has(key)) this.tags.add(key, tags)
  }

  async clear(prefix?: string) {
    if (prefix === undefined) {
      this.lru.clear()
      this.tags.clear()
      return
    }
    for (const key of [...this.lru.keys()]) if (key.startsWith(prefix)) this.lru.delete(key)
  }

  async clearTags(tags: readonly string[]) {
    let dropped = 0
    for (const key of this.tags.keysOf(tags)) if (this.lru.delete(key)) dropped += 1
    return dropped
  }

  async delete(keys: readonly string[]) {
    let dropped = 0
    for (const key of keys) if (this.lru.delete(key)) dropped += 1
    return dropped
  }

  async keys(prefix: string, limit: number) {
    const found: string[] = []
    for (const key of this.lru.keys()) {
      if (found.length >= limit) break
      if (key.startsWith(prefix)) found.push(key)
    }
    return found
  }

  async usage(prefix: string) {
    let entries = 0
    let bytes = 0
    for (const [key, entry] of this.lru.entries()) {
      if (!key.startsWith(prefix)) continue
      entries += 1
      bytes += entry.size
    }
    return { entries, bytes }
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
  eval(script: string, numKeys: number, ...args: Array<string | number>): Promise<unknown>
  smembers(key: string): Promise<string[]>
}

/**
 * Stores an entry and adds its key to each tag's set, in one step. A tag's
 * set lives as long as its longest-lived entry; keys of entries gone since
 * stay in it harmlessly until then (deleting a missing key does nothing).
 */
const SET_TAGGED = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
local ttl = tonumber(ARGV[2])
for i = 2, #KEYS do
  redis.call('SADD', KEYS[i], KEYS[1])
  if redis.call('PTTL', KEYS[i]) < ttl then redis.call('PEXPIRE', KEYS[i], ttl) end
end
return 1
`

/**
 * Entries in Redis, shared by every instance. Redis's own maxmemory policy
 * bounds it; a Redis failure reads as a miss, so the core API answers instead.
 */
export class RedisCacheStore implements CacheStore {
  constructor(
    private readonly redis: RedisLike,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void = () => {},
    /** Where tag sets live: shared by the stores that tag alike (data caches, pages), so one purge finds both */
    private readonly tagPrefix = `${prefix}tag:`,
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

  async set(key: string, entry: CacheEntry, ttlMs: number, tags: readonly string[] = []) {
    const ttl = Math.max(1, Math.round(ttlMs))
    try {
      if (tags.length === 0) await this.redis.set(this.prefix + key, JSON.stringify(entry), 'PX', ttl)
      else
        await this.redis.eval(
          SET_TAGGED,
          1 + tags.length,
          this.prefix + key,
          ...tags.map((tag) => this.tagPrefix + tag),
          JSON.stringify(entry),
          ttl,
        )
    } catch (error) {
      this.onError(error)
    }
  }

  async clear(prefix = '') {
    await this.scan(`${this.prefix}${prefix}`, async (keys) => {
      await this.redis.unlink(...keys)
    })
  }

  async clearTags(tags: readonly string[]) {
    let dropped = 0
    for (const tag of tags) {
      const tagKey = this.tagPrefix + tag
      // Only this store's keys: another store may share the tag sets.
      const keys = (await this.redis.smembers(tagKey)).filter((key) => key.startsWith(this.prefix))
      for (let i = 0; i < keys.length; i += 500) dropped += await this.redis.unlink(...keys.slice(i, i + 500))
    }
    return dropped
  }

  async delete(keys: readonly string[]) {
    if (keys.length === 0) return 0
    return this.redis.unlink(...keys.map((key) => this.prefix + key))
  }

  async keys(prefix: string, limit: number) {
    const found: string[] = []
    await this.scan(`${this.prefix}${prefix}`, async (keys) => {
      for (const key of keys) if (found.length < limit) found.push(key.slice(this.prefix.length))
      return found.length >= limit
    })
    return found
  }

  async usage(prefix: string) {
    let entries = 0
    await this.scan(`${this.prefix}${prefix}`, async (keys) => {
      entries += keys.length
    })
    return { entries, bytes: null }
  }

  /** Every key starting with start, a batch at a time, until done says stop. */
  private async scan(start: string, each: (keys: string[]) => Promise<boolean | void>) {
    // Glob metacharacters in a prefix would widen the match; cache names have none, but be exact anyway.
    const pattern = start.replace(/[*?[\]\\]/g, '\\$&') + '*'
    let cursor = '0'
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500)
      if (keys.length > 0 && (await each(keys)) === true) return
      cursor = next
    } while (cursor !== '0')
  }
}
