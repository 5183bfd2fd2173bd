import { beforeEach, describe, expect, it, vi } from 'vitest'
import { LruCacheStore } from '../../src/lib/cache-store.ts'
import { SwrCache, type Loaded } from '../../src/lib/swr-cache.ts'

const TTL = 1000
const SWR = 500
const SIE = 10_000

let now = 0
let cache: SwrCache<string>

const answer = (value: string, extra: Partial<Loaded<string>> = {}): Loaded<string> => ({
  value,
  size: value.length,
  cacheable: true,
  failed: false,
  ...extra,
})
const settle = () => new Promise((resolve) => setImmediate(resolve))

beforeEach(() => {
  now = 0
  cache = new SwrCache('test', new LruCacheStore({ maxEntries: 100, maxBytes: 100_000 }), {
    ttlMs: TTL,
    staleWhileRevalidateMs: SWR,
    staleIfErrorMs: SIE,
    clock: () => now,
  })
})

describe('SwrCache', () => {
  it('answers MISS, then HIT while fresh, without calling the loader again', async () => {
    const loader = vi.fn(async () => answer('v1'))
    expect(await cache.get('k', loader)).toEqual({ value: 'v1', outcome: 'MISS' })
    now = TTL - 1
    // A HIT says until when it stays fresh: pages built from it are kept that long.
    expect(await cache.get('k', loader)).toEqual({ value: 'v1', outcome: 'HIT', freshUntil: TTL })
    expect(loader).toHaveBeenCalledTimes(1)
  })

  it('serves STALE past the TTL while it refreshes in the background', async () => {
    await cache.get('k', async () => answer('v1'))
    now = TTL + 1
    const refresh = vi.fn(async () => answer('v2'))
    expect(await cache.get('k', refresh)).toEqual({ value: 'v1', outcome: 'STALE' })
    await settle()
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(await cache.get('k', refresh)).toEqual({ value: 'v2', outcome: 'HIT', freshUntil: TTL + 1 + TTL })
  })

  it('serves STALE when the loader fails, until stale-if-error runs out', async () => {
    await cache.get('k', async () => answer('v1'))
    const down = async (): Promise<Loaded<string>> => {
      throw new Error('core API down')
    }
    now = TTL + SWR + 1
    expect(await cache.get('k', down)).toEqual({ value: 'v1', outcome: 'STALE' })
    now = TTL + SIE + 1
    await expect(cache.get('k', down)).rejects.toThrow('core API down')
  })

  it('serves STALE instead of a server-error answer', async () => {
    await cache.get('k', async () => answer('v1'))
    now = TTL + SWR + 1
    expect(await cache.get('k', async () => answer('error', { cacheable: false, failed: true }))).toEqual({ value: 'v1', outcome: 'STALE' })
  })

  it('passes through an answer it may not keep', async () => {
    const loader = vi.fn(async () => answer('invalid', { cacheable: false }))
    expect(await cache.get('k', loader)).toEqual({ value: 'invalid', outcome: 'MISS' })
    expect(await cache.get('k', loader)).toEqual({ value: 'invalid', outcome: 'MISS' })
    expect(loader).toHaveBeenCalledTimes(2)
  })

  it('makes one upstream call for concurrent misses of one key', async () => {
    let release: (value: Loaded<string>) => void = () => {}
    const loader = vi.fn(() => new Promise<Loaded<string>>((resolve) => (release = resolve)))
    const pending = Promise.all([cache.get('k', loader), cache.get('k', loader), cache.get('k', loader)])
    await settle()
    release(answer('v1'))
    const results = await pending
    expect(loader).toHaveBeenCalledTimes(1)
    expect(results.map((r) => r.value)).toEqual(['v1', 'v1', 'v1'])
  })

  it('keeps keys apart and clears only its own entries', async () => {
    const other = new SwrCache<string>('other', new LruCacheStore({ maxEntries: 10, maxBytes: 10_000 }), {
      ttlMs: TTL,
      staleWhileRevalidateMs: 0,
      staleIfErrorMs: 0,
      clock: () => now,
    })
    await cache.get('zh', async () => answer('中文'))
    await cache.get('en', async () => answer('English'))
    expect((await cache.get('en', async () => answer('x'))).value).toBe('English')
    await other.get('zh', async () => answer('o'))
    await cache.clear()
    expect((await cache.get('zh', async () => answer('again'))).outcome).toBe('MISS')
    expect((await other.get('zh', async () => answer('x'))).outcome).toBe('HIT')
  })
})
