import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'

// Prometheus scrapes each core API instance here. The core API listens on a
// private address (loopback by default), behind the BFFs; keep it there.
const metricsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/metrics',
    {
      config: { keepHttpStatus: true },
      logLevel: 'warn',
      schema: {
        tags: ['Operations'],
        summary: 'Prometheus metrics: outcomes by route, HTTP status and envelope code; unknown fields ignored; latency; process',
        response: { 200: { description: 'Prometheus text format', content: { 'text/plain': { schema: Type.String() } } } },
      },
    },
    async (_request, reply) => {
      return reply
        .type(app.metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await app.metrics.registry.metrics())
    },
  )
}

export default metricsRoutes
