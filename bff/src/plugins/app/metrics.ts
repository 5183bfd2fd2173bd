import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { API_PREFIX, PROXIED_PATHS } from '../../upstream/allow-list.ts'

export interface Metrics {
  registry: Registry
  requests: Counter<'method' | 'route' | 'status' | 'code'>
  latency: Histogram<'method' | 'route'>
  cacheEvents: Counter<'cache' | 'result'>
  upstreamErrors: Counter<'kind' | 'path'>
  /** Reads sent again after the core API's side failed before answering (upstream/read-retry.ts) */
  upstreamRetries: Counter<'reason' | 'path'>
  /** Core API calls: the BFF's own (direct) and the browser's through the proxy, the latter as the time to answer them */
  upstreamLatency: Histogram<'via'>
  rateLimitRejections: Counter<'policy'>
  /** Adds counts kept outside prom-client (hot paths) whenever the metrics are read */
  onScrape(fold: () => void): void
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

/** Seconds; the ops statistics read a percentile off these bounds. */
export const UPSTREAM_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

async function metricsPlugin(app: FastifyInstance) {
  const proxied: ReadonlySet<string> = new Set(PROXIED_PATHS.map((entry) => `${API_PREFIX}${entry.path}`))
  // A registry per instance: tests build several apps in one process.
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'bff_' })
  const folds: Array<() => void> = []
  // On every counter a fold may add to: each can be read alone. A fold empties what it added, so running twice is harmless.
  const collect = () => {
    for (const fold of folds) fold()
  }
  const metrics: Metrics = {
    registry,
    requests: new Counter({
      name: 'bff_http_requests_total',
      help: 'Requests answered, by route pattern, HTTP status and envelope code (failures of the contract come with HTTP 200)',
      labelNames: ['method', 'route', 'status', 'code'],
      registers: [registry],
      collect,
    }),
    latency: new Histogram({
      name: 'bff_http_request_duration_seconds',
      help: 'Time to answer, by route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    cacheEvents: new Counter({
      name: 'bff_cache_events_total',
      help: 'Cache lookups by cache and result (HIT, MISS, STALE)',
      labelNames: ['cache', 'result'],
      registers: [registry],
      collect,
    }),
    upstreamErrors: new Counter({
      name: 'bff_upstream_errors_total',
      help: 'Core API calls that failed, by kind (unavailable, timeout, bad-response)',
      labelNames: ['kind', 'path'],
      registers: [registry],
    }),
    upstreamRetries: new Counter({
      name: 'bff_upstream_retries_total',
      help: 'Core API reads sent again on a new connection, by reason (refused, reset, bad-gateway, unavailable)',
      labelNames: ['reason', 'path'],
      registers: [registry],
    }),
    upstreamLatency: new Histogram({
      name: 'bff_upstream_duration_seconds',
      help: 'Core API calls: the BFF\'s own (via="direct") and proxied browser calls, answered (via="proxy")',
      labelNames: ['via'],
      buckets: UPSTREAM_BUCKETS,
      registers: [registry],
    }),
    rateLimitRejections: new Counter({
      name: 'bff_rate_limit_rejections_total',
      help: 'Requests refused with 429, by policy',
      labelNames: ['policy'],
      registers: [registry],
    }),
    onScrape: (fold) => void folds.push(fold),
  }
  app.decorate('metrics', metrics)
  // prom-client hashes a label set on every call: each series' child is looked up
  // once and kept, by a key of the same bounded labels (route patterns, statuses, codes).
  const series = new Map<string, { count: { inc(): void }; latency: { observe(value: number): void } }>()
  const proxyLatency = metrics.upstreamLatency.labels({ via: 'proxy' })
  app.addHook('onResponse', (request, reply, done) => {
    // Route patterns, never raw URLs: unknown paths must not mint new series.
    const route = request.routeOptions.url ?? 'unmatched'
    const status = String(reply.statusCode)
    const code = String(reply.outcomeCode)
    const key = `${request.method} ${route} ${status} ${code}`
    let child = series.get(key)
    if (!child) {
      child = {
        count: metrics.requests.labels({ method: request.method, route, status, code }),
        latency: metrics.latency.labels({ method: request.method, route }),
      }
      series.set(key, child)
    }
    child.count.inc()
    child.latency.observe(reply.elapsedTime / 1000)
    if (proxied.has(route)) proxyLatency.observe(reply.elapsedTime / 1000)
    done()
  })
}

export default fp(metricsPlugin, { name: 'metrics' })
