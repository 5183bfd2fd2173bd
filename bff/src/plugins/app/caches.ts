import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { LruCacheStore, RedisCacheStore, type CacheStore } from '../../lib/cache-store.ts'
import { SwrCache, type CacheResult } from '../../lib/swr-cache.ts'
import type { CoreAnswer, CoreCall } from '../../upstream/core-client.ts'

export const CACHE_NAMES = ['dict', 'config', 'carousel', 'map', 'hotReports', 'choiceness', 'categories', 'latestNews'] as const
export type CacheName = (typeof CACHE_NAMES)[number]

export function isCacheName(value: unknown): value is CacheName {
  return (CACHE_NAMES as readonly unknown[]).includes(value)
}

export interface Caches {
  /** The core API's answer to an anonymous call, from the named cache when it has one. */
  fetch(name: CacheName, call: Omit<CoreCall, 'token'>): Promise<CacheResult<CoreAnswer>>
  /** Empties one cache or all of them, here and (with Redis) on every other instance. */
  purge(name?: CacheName): Promise<void>
  /** Changes whenever a cache here is emptied: what was built from cached answers before is out of date. */
  generation(): number
  /** The store is shared with other instances (Redis), which may empty it without this one hearing of it. */
  readonly shared: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    caches: Caches
  }
}

/** Everything that changes the answer: method, path, language and every parameter in a stable order. */
export function cacheKey(call: Omit<CoreCall, 'token'>): string {
  const params = Object.entries(call.params ?? {})
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `${call.method} ${call.path} ${call.lang} ${JSON.stringify(params)}`
}

async function cachesPlugin(app: FastifyInstance) {
  const c = app.config
  const store: CacheStore =
    c.CACHE_STORE === 'redis' && app.redis
      ? new RedisCacheStore(app.redis, `${c.REDIS_KEY_PREFIX}cache:`, (error) => app.log.warn({ err: error }, 'redis cache unavailable'))
      : new LruCacheStore({ maxEntries: c.CACHE_MAX_ENTRIES, maxBytes: c.CACHE_MAX_BYTES })
  const ttlSeconds: Record<CacheName, number> = {
    dict: c.CACHE_TTL_DICT_S,
    config: c.CACHE_TTL_CONFIG_S,
    carousel: c.CACHE_TTL_CAROUSEL_S,
    map: c.CACHE_TTL_MAP_S,
    hotReports: c.CACHE_TTL_HOT_REPORTS_S,
    choiceness: c.CACHE_TTL_CHOICENESS_S,
    categories: c.CACHE_TTL_CATEGORIES_S,
    latestNews: c.CACHE_TTL_LATEST_NEWS_S,
  }
  const caches = new Map<CacheName, SwrCache<CoreAnswer>>()
  for (const name of CACHE_NAMES) {
    caches.set(
      name,
      new SwrCache<CoreAnswer>(name, store, {
        ttlMs: ttlSeconds[name] * 1000,
        staleWhileRevalidateMs: c.CACHE_STALE_WHILE_REVALIDATE_S * 1000,
        staleIfErrorMs: c.CACHE_STALE_IF_ERROR_S * 1000,
        onOutcome: (outcome) => app.metrics.cacheEvents.inc({ cache: name, result: outcome }),
        onRefreshError: (error) => app.log.warn({ err: error, cache: name }, 'background refresh failed'),
      }),
    )
  }
  let generation = 0
  const clearLocal = async (name?: CacheName) => {
    generation += 1
    if (name) await caches.get(name)?.clear()
    else await store.clear()
    // Again once emptied: a page built from the old answers while the store was being emptied is out of date too.
    generation += 1
  }

  // With several instances behind a load balancer, a purge reaches all of them.
  const instanceId = randomUUID()
  const channel = `${c.REDIS_KEY_PREFIX}cache-purge`
  if (app.redis) {
    const subscriber = app.redis.duplicate()
    subscriber.on('error', (error) => app.log.warn({ err: error }, 'redis subscriber error'))
    await subscriber.connect()
    await subscriber.subscribe(channel)
    // Back after a lost connection: purges sent meanwhile were missed, so count one.
    subscriber.on('ready', () => {
      generation += 1
    })
    subscriber.on('message', (_channel, message) => {
      try {
        const { from, name } = JSON.parse(message) as { from?: string; name?: unknown }
        if (from === instanceId) return
        void clearLocal(isCacheName(name) ? name : undefined)
        app.log.info({ cache: name ?? 'all' }, 'cache purged by another instance')
      } catch (error) {
        app.log.warn({ err: error }, 'unreadable cache purge message')
      }
    })
    app.addHook('onClose', async () => {
      await subscriber.quit().catch(() => subscriber.disconnect())
    })
  }

  // Page parts reuse one call object per part (see plugins/app/pages.ts), so
  // its key is built once rather than stringified on every request.
  const keys = new WeakMap<object, string>()
  const keyOf = (call: Omit<CoreCall, 'token'>) => {
    let key = keys.get(call)
    if (key === undefined) {
      key = cacheKey(call)
      keys.set(call, key)
    }
    return key
  }

  app.decorate('caches', {
    fetch(name, call) {
      const cache = caches.get(name)!
      return cache.get(keyOf(call), async () => {
        const answer = await app.core.call(call)
        const text = JSON.stringify(answer.body)
        return {
          value: answer,
          size: Buffer.byteLength(text),
          cacheable: answer.status === 200 && answer.body.code === 200,
          failed: answer.status >= 500,
        }
      })
    },
    async purge(name) {
      await clearLocal(name)
      if (app.redis) await app.redis.publish(channel, JSON.stringify({ from: instanceId, name: name ?? null }))
    },
    generation: () => generation,
    shared: store instanceof RedisCacheStore,
  } satisfies Caches)
}

export default fp(cachesPlugin, { name: 'caches', dependencies: ['config', 'redis', 'metrics', 'core-client'] })
