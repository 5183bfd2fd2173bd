import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { isServerError } from '@rpt/contract'
import { CACHE_NAMES, isCacheName, type CacheName } from '../../lib/cache-names.ts'
import { clearCounting, LruCacheStore, RedisCacheStore, type CacheStore } from '../../lib/cache-store.ts'
import { carouselTag, collectionOfPath, collectionTag, configTags, dictTags, langTag, reportTags } from '../../lib/content-tags.ts'
import { SwrCache, type CacheResult, type SwrCacheOptions } from '../../lib/swr-cache.ts'
import type { CoreAnswer, CoreCall } from '../../upstream/core-client.ts'

export interface Caches {
  /** The core API's answer to an anonymous call, from the named cache when it has one. */
  fetch: (name: CacheName, call: Omit<CoreCall, 'token'>) => Promise<CacheResult<CoreAnswer>>
  /** Empties one cache or all of them, here and (with Redis) on every other instance. */
  purge(name?: CacheName): Promise<void>
  /** Changes whenever a cache here is emptied: what was built from cached answers before is out of date. */
  generation(): number
  /** The store is shared with other instances (Redis), which may empty it without this one hearing of it. */
  readonly shared: boolean
  /** Up to limit store keys of one cache (name|METHOD path lang params), for a purge by key */
  keys(name: CacheName, limit: number): Promise<string[]>
  /** Entries and bytes one cache holds (bytes null in Redis) */
  usage(name: CacheName): Promise<{ entries: number; bytes: number | null }>
  /**
   * A store of the kind every kept entry of this instance lives in (rendered
   * pages, sitemaps): Redis under PREFIX namespace: with CACHE_STORE=redis,
   * sharing the tag sets of the data caches so one purge by tag finds both;
   * otherwise an LRU bounded by the CACHE_MAX_* settings, resized when they change.
   */
  store(namespace: string): CacheStore
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
  const settings = app.settings
  const bounds = () => ({ maxEntries: settings.values.CACHE_MAX_ENTRIES, maxBytes: settings.values.CACHE_MAX_BYTES })
  const lrus: LruCacheStore[] = []
  const storeFor = (namespace: string): CacheStore => {
    if (c.CACHE_STORE === 'redis' && app.redis) {
      return new RedisCacheStore(
        app.redis,
        `${c.REDIS_KEY_PREFIX}${namespace}:`,
        (error) => app.log.warn({ err: error, store: namespace }, 'redis cache unavailable'),
        `${c.REDIS_KEY_PREFIX}tag:`,
      )
    }
    const lru = new LruCacheStore(bounds())
    lrus.push(lru)
    return lru
  }
  const store = storeFor('cache')
  const ttlSeconds = (values: typeof settings.values): Record<CacheName, number> => ({
    dict: values.CACHE_TTL_DICT_S,
    config: values.CACHE_TTL_CONFIG_S,
    carousel: values.CACHE_TTL_CAROUSEL_S,
    map: values.CACHE_TTL_MAP_S,
    hotReports: values.CACHE_TTL_HOT_REPORTS_S,
    choiceness: values.CACHE_TTL_CHOICENESS_S,
    categories: values.CACHE_TTL_CATEGORIES_S,
    latestNews: values.CACHE_TTL_LATEST_NEWS_S,
  })
  // Each cache reads its lifetimes from its options object, which a settings change updates in place.
  const windowsOf = (values: typeof settings.values, name: CacheName) => ({
    ttlMs: ttlSeconds(values)[name] * 1000,
    staleWhileRevalidateMs: values.CACHE_STALE_WHILE_REVALIDATE_S * 1000,
    staleIfErrorMs: values.CACHE_STALE_IF_ERROR_S * 1000,
  })
  const caches = new Map<CacheName, SwrCache<CoreAnswer>>()
  const options = new Map<CacheName, SwrCacheOptions>()
  for (const name of CACHE_NAMES) {
    const cacheOptions: SwrCacheOptions = {
      ...windowsOf(settings.values, name),
      onOutcome: (outcome) => app.metrics.cacheEvents.inc({ cache: name, result: outcome }),
      onRefreshError: (error) => app.log.warn({ err: error, cache: name }, 'background refresh failed'),
    }
    options.set(name, cacheOptions)
    caches.set(name, new SwrCache<CoreAnswer>(name, store, cacheOptions))
  }
  settings.onChange((values) => {
    for (const name of CACHE_NAMES) Object.assign(options.get(name)!, windowsOf(values, name))
    for (const lru of lrus) lru.resize(bounds())
  })

  let generation = 0
  const shared = store instanceof RedisCacheStore
  // Every purge, wherever it was asked for, passes through here; with several instances behind a load balancer it reaches all of them.
  app.purger.register('data', async (target, origin) => {
    generation += 1
    try {
      // A shared store is emptied once, by the instance that was asked.
      if (shared && origin === 'elsewhere') return 0
      switch (target.kind) {
        case 'all':
          return await clearCounting(store)
        case 'cache':
          // A data cache's entries are those its SwrCache keys under `name|`.
          return isCacheName(target.cache) ? await clearCounting(store, `${target.cache}|`) : 0
        case 'keys':
          return await store.delete(target.keys.filter((key) => isCacheName(key.slice(0, key.indexOf('|')))))
        case 'tags':
          return await store.clearTags(target.tags)
      }
    } finally {
      // Again once emptied: a page built from the old answers while the store was being emptied is out of date too.
      generation += 1
    }
  })

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
          // The contract answers a server error with HTTP 200 and its code: stale data is served over either.
          failed: answer.status >= 500 || isServerError(answer.body.code),
          tags: tagsOf(name, call, answer),
        }
      })
    },
    async purge(name) {
      await app.purger.run(name ? { kind: 'cache', cache: name } : { kind: 'all' })
    },
    generation: () => generation,
    shared,
    keys: (name, limit) => store.keys(`${name}|`, limit),
    usage: (name) => store.usage(`${name}|`),
    store: storeFor,
  } satisfies Caches)
}

/** What an answer holds, for purges by tag: its language, its dictionary, the reports it lists, the collection it lists from, its carousel or configuration keys. */
function tagsOf(name: CacheName, call: Omit<CoreCall, 'token'>, answer: CoreAnswer): string[] {
  const tags = [langTag(call.lang)]
  const dictType = call.params?.dictType
  if (name === 'dict' && typeof dictType === 'string') tags.push(...dictTags(dictType))
  if (name === 'hotReports') tags.push(...reportTags(answer.body.data))
  // What staff edit besides reports (updateCarousel, updateConfig) is purged by these.
  if (name === 'carousel') tags.push(carouselTag(call.lang))
  if (name === 'config') tags.push(...configTags(call.params))
  // Lists and their counts change when a record of their kind is published or taken down.
  const collection = collectionOfPath(call.path)
  if (collection) tags.push(collectionTag(collection))
  return tags
}

export default fp(cachesPlugin, { name: 'caches', dependencies: ['config', 'redis', 'metrics', 'core-client', 'settings', 'purger'] })
