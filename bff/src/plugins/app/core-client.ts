import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { CoreClient } from '../../upstream/core-client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    core: CoreClient
  }
}

async function coreClientPlugin(app: FastifyInstance) {
  const client = new CoreClient(app.config.CORE_API_URL, app.config.UPSTREAM_TIMEOUT_MS, (kind, path) => {
    app.metrics.upstreamErrors.inc({ kind, path })
    app.log.warn({ kind, path }, 'core API call failed')
  })
  // Timed here rather than in the client, which knows nothing of metrics.
  const call = client.call.bind(client)
  client.call = async (options) => {
    const started = performance.now()
    try {
      return await call(options)
    } finally {
      app.metrics.upstreamLatency.observe({ via: 'direct' }, (performance.now() - started) / 1000)
    }
  }
  app.decorate('core', client)
}

export default fp(coreClientPlugin, { name: 'core-client', dependencies: ['config', 'metrics'] })
