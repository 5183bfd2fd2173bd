import { describe, expect, it } from 'vitest'
import { LruCacheStore, RedisCacheStore, type CacheEntry, type RedisLike } from '../../src/lib/cache-store.ts'

const entry = (size: number): CacheEntry => ({ value: 'x'.repeat(size), size, freshUntil: 0, staleUntil: Number.MAX_SAFE_INTEGER })

describe('LruCacheStore', () => {
  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const store = new LruCacheStore({ maxEntries: 2, maxBytes: 1_000_000 })
    await store.set('a', entry(1), 60_000)
    await store.set('b', entry(1), 60_000)
    await store.get('a')
    await store.set('c', entry(1), 60_000)
    expect(await store.get('a')).toBeDefined()
    expect(await store.get('b')).toBeUndefined()
    expect(store.size).toBe(2)
  })

  it('keeps at most maxBytes', async () => {
    const store = new LruCacheStore({ maxEntries: 100, maxBytes: 250 })
    for (const key of ['k1', 'k2', 'k3']) await store.set(key, entry(100), 60_000)
    expect(store.bytes).toBeLessThanOrEqual(250)
    expect(await store.get('k1')).toBeUndefined()
    expect(await store.get('k3')).toBeDefined()
  })

  it('does not keep an entry larger than the whole store', async () => {
    const store = new LruCacheStore({ maxEntries: 100, maxBytes: 50 })
    await store.set('big', entry(100), 60_000)
    expect(await store.get('big')).toBeUndefined()
  })

  it('clears by prefix', async () => {
    const store = new LruCacheStore({ maxEntries: 100, maxBytes: 100_000 })
    await store.set('dict|a', entry(1), 60_000)
    await store.set('map|a', entry(1), 60_000)
    await store.clear('dict|')
    expect(await store.get('dict|a')).toBeUndefined()
    expect(await store.get('map|a')).toBeDefined()
  })
})

describe('RedisCacheStore', () => {
  it('reads a Redis failure as a miss and reports it', async () => {
    const failing: RedisLike = {
      get: async () => {
        throw new Error('redis down')
      },
      set: async () => {
        throw new Error('redis down')
      },
      scan: async () => ['0', []],
      unlink: async () => 0,
      eval: async () => {
        throw new Error('redis down')
      },
      smembers: async () => [],
    }
    const errors: unknown[] = []
    const store = new RedisCacheStore(failing, 'p:', (error) => errors.push(error))
    await store.set('k', entry(1), 1000)
    expect(await store.get('k')).toBeUndefined()
    expect(errors).toHaveLength(2)
  })
})
