import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { CoreClient } from '../../upstream/core-client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    core: CoreClient
  }
}

async function coreClientPlugin(app: FastifyInstance) {
  app.decorate(
    'core',
    new CoreClient(app.config.CORE_API_URL, app.config.UPSTREAM_TIMEOUT_MS, (kind, path) => {
      app.metrics.upstreamErrors.inc({ kind, path })
      app.log.warn({ kind, path }, 'core API call failed')
    }),
  )
}

export default fp(coreClientPlugin, { name: 'core-client', dependencies: ['config', 'metrics'] })
