import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis connection when REDIS_URL is set, else null (everything stays in process) */
    redis: Redis | null
  }
}

async function redisPlugin(app: FastifyInstance) {
  const url = app.config.REDIS_URL
  if (!url) {
    app.decorate('redis', null)
    return
  }
  const redis = new Redis(url, {
    lazyConnect: true,
    // A request must not wait for Redis to come back: the rate limiter fails
    // open and the caches stay local until it does.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
  })
  redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'))
  // A wrong REDIS_URL at boot is a configuration error worth stopping for.
  await redis.connect()
  app.decorate('redis', redis)
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect())
  })
}

export default fp(redisPlugin, { name: 'redis', dependencies: ['config'] })
