import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { MemoryLimitStore, RedisLimitStore, type LimitStore } from '../../lib/rate-limit-store.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The counters of every limiter (in Redis with REDIS_URL), for unblocking */
    rateLimitStore: LimitStore
  }
}

async function rateLimitPlugin(app: FastifyInstance) {
  const store: LimitStore = app.redis ? new RedisLimitStore(app.redis, `${app.config.REDIS_KEY_PREFIX}rl:`) : new MemoryLimitStore()
  app.decorate('rateLimitStore', store)
  await app.register(rateLimit, {
    // No global limit: the limited calls are named in plugins/app/limits.ts.
    global: false,
    // The library builds its store with new; this hands it the one store every limiter shares.
    store: function sharedStore() {
      return store
    } as unknown as FastifyRateLimitStoreCtor,
    // Redis down must not take the site down with it.
    skipOnError: true,
  })
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['config', 'redis'] })
