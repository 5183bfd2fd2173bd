import type { CacheStore } from '../lib/cache-store.ts'

/** A short-lived text cache (rendered pages, sitemaps) over a CacheStore. */
export class TextCache {
  constructor(
    private readonly store: CacheStore,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string): Promise<string | undefined> {
    const entry = await this.store.get(key)
    if (!entry || entry.freshUntil <= this.now() || typeof entry.value !== 'string') return undefined
    return entry.value
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    if (ttlMs <= 0) return
    const until = this.now() + ttlMs
    await this.store.set(key, { value, size: Buffer.byteLength(value), freshUntil: until, staleUntil: until }, ttlMs)
  }

  clear(): Promise<void> {
    return this.store.clear()
  }
}
