import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from './config.ts'
import placeholderRoutes from './routes/placeholder.ts'

export interface AppOptions {
  config: Config
}

// The gateway's full plugin tiers (proxy, sessions, caches, rate limits) arrive
// with its own issue; until then it serves a holding page and its health.
async function app(fastify: FastifyInstance, options: AppOptions) {
  fastify.decorate('config', options.config)
  await fastify.register(placeholderRoutes)
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
  }
}

export default fp(app, { name: 'bff' })
