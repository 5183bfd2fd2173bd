import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, {
    // No global limit: the limited calls are named in plugins/app/limits.ts.
    global: false,
    ...(app.redis ? { redis: app.redis, nameSpace: `${app.config.REDIS_KEY_PREFIX}rl:` } : {}),
    // Redis down must not take the site down with it.
    skipOnError: true,
  })
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['config', 'redis'] })
