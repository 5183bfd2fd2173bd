import type { CacheStore } from '../lib/cache-store.ts'

/** A short-lived text cache (rendered pages, sitemaps) over a CacheStore. */
export class TextCache {
  constructor(
    private readonly store: CacheStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** maxAgeMs: the lifetime in effect now, which ops may have lowered since the text was stored. */
  async get(key: string, maxAgeMs = Infinity): Promise<string | undefined> {
    const entry = await this.store.get(key)
    const now = this.now()
    if (!entry || entry.freshUntil <= now || typeof entry.value !== 'string') return undefined
    if (entry.storedAt !== undefined && entry.storedAt + maxAgeMs <= now) return undefined
    return entry.value
  }

  /** Tags name what the text shows (lib/content-tags.ts), for purges of just that. */
  async set(key: string, value: string, ttlMs: number, tags: readonly string[] = []): Promise<void> {
    if (ttlMs <= 0) return
    const now = this.now()
    const until = now + ttlMs
    await this.store.set(key, { value, size: Buffer.byteLength(value), freshUntil: until, staleUntil: until, storedAt: now }, ttlMs, tags)
  }

  usage(prefix: string): Promise<{ entries: number; bytes: number | null }> {
    return this.store.usage(prefix)
  }

  clear(prefix?: string): Promise<void> {
    return this.store.clear(prefix)
  }

  clearTags(tags: readonly string[]): Promise<number> {
    return this.store.clearTags(tags)
  }

  delete(keys: readonly string[]): Promise<number> {
    return this.store.delete(keys)
  }
}
