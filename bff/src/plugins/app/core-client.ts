import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { CoreClient } from '../../upstream/core-client.ts'
import { CoreDispatcher } from '../../upstream/read-retry.ts'

declare module 'fastify' {
  interface FastifyInstance {
    core: CoreClient
  }
}

async function coreClientPlugin(app: FastifyInstance) {
  // One pool of connections to the core API for the BFF's own calls and the proxied ones (proxy/api-proxy.ts).
  const dispatcher = new CoreDispatcher({
    baseUrl: app.config.CORE_API_URL,
    timeoutMs: app.config.UPSTREAM_TIMEOUT_MS,
    connections: app.config.UPSTREAM_CONNECTIONS,
    onRetry: (path, reason) => {
      app.metrics.upstreamRetries.inc({ reason, path })
      app.log.info({ path, reason }, 'core API read sent again on a new connection')
    },
  })
  app.addHook('onClose', () => dispatcher.close())
  const client = new CoreClient(app.config.CORE_API_URL, app.config.UPSTREAM_TIMEOUT_MS, dispatcher, (kind, path) => {
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
