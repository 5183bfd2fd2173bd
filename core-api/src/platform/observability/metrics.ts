import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

// Prometheus metrics of the core API. Outcomes are counted by the envelope's
// code, not the HTTP status: the contract answers its failures with HTTP 200,
// and monitoring must still see them.

export interface CoreMetrics {
  registry: Registry
  /** Top-level fields a client sent that its route does not know: ignored, and counted here */
  unknownFields: Counter<'route' | 'location'>
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: CoreMetrics
  }
}

async function metricsPlugin(app: FastifyInstance) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'core_' })
  const outcomes = new Counter({
    name: 'core_http_outcomes_total',
    help: 'Answers by route, HTTP status and envelope code (200 is success)',
    labelNames: ['method', 'route', 'status', 'code'] as const,
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'core_http_request_duration_seconds',
    help: 'Time to answer, by route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  })
  const unknownFields = new Counter({
    name: 'core_unknown_fields_total',
    help: 'Unknown body fields and query parameters ignored, by route and where they came',
    labelNames: ['route', 'location'] as const,
    registers: [registry],
  })
  app.decorate('metrics', { registry, unknownFields })
  app.addHook('onResponse', (request, reply, done) => {
    // Unknown paths are one label, not one per path a scanner tries.
    const route = request.routeOptions.url ?? 'unknown'
    outcomes.inc({ method: request.method, route, status: String(reply.statusCode), code: String(reply.outcomeCode) })
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000)
    done()
  })
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['envelope'] })
