import type { FastifyInstance } from 'fastify'
import { Type, type Static } from 'typebox'
import { ErrorEnvelope } from '@rpt/contract'
import { AppError, ok, responses } from '../../http/envelope.ts'
import { requestLang } from '../../http/locale.ts'
import { CACHE_NAMES } from '../../lib/cache-names.ts'
import { auditedPurge } from './audited-purge.ts'
import opsApi from './ops-api.ts'
import { HealthData, LiveData, PurgeBody, PurgeData, ReadyData } from './schemas.ts'

export default async function opsRoutes(app: FastifyInstance) {
  app.get('/bff/health', { schema: { response: responses(HealthData) } }, async (request) => {
    // The gateway is healthy when it answers; it reports the core API beside it.
    let core = 'down'
    try {
      const answer = await app.core.call({ method: 'GET', path: '/health', lang: requestLang(request) })
      core = answer.status === 200 && answer.body.code === 200 ? 'up' : `status ${answer.status}`
    } catch {
      // counted and logged by the core client
    }
    return ok(requestLang(request), { status: 'ok' as const, core })
  })

  // Liveness: the gateway answers. Readiness: it can serve, because the core
  // API behind it is ready; a balancer routes only to ready instances.
  app.get('/bff/health/live', { schema: { response: responses(LiveData) }, logLevel: 'warn' }, async (request) =>
    ok(requestLang(request), { status: 'live' as const }),
  )

  app.get('/bff/health/ready', { schema: { response: responses(ReadyData) }, logLevel: 'warn' }, async (request) => {
    const lang = requestLang(request)
    // Shutting down: out of the rotation at once, whatever the core API says.
    if (app.drain.draining) throw new AppError('NOT_READY')
    let answer
    try {
      answer = await app.core.call({ method: 'GET', path: '/health/ready', lang })
    } catch {
      // counted and logged by the core client
      throw new AppError('NOT_READY')
    }
    if (answer.status !== 200 || answer.body.code !== 200) throw new AppError('NOT_READY')
    return ok(lang, { status: 'ready' as const, core: answer.body.data })
  })

  // Metrics name routes, caches and limits: only operators (and their Prometheus, with a token of its own) read them.
  app.get(
    '/bff/metrics',
    { onRequest: (request) => app.opsAuth.authenticate(request), schema: { response: { 200: Type.String(), '4xx': ErrorEnvelope } } },
    async (_request, reply) => {
      return reply
        .type(app.metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await app.metrics.registry.metrics())
    },
  )

  // The purge before the ops API, kept for the scripts that call it: one cache or all of them.
  app.post<{ Body: Static<typeof PurgeBody> }>(
    '/bff/cache/purge',
    // Authenticated by the operations token, not by a cookie, so CSRF does not apply.
    {
      config: { csrf: 'exempt' },
      onRequest: (request) => app.opsAuth.authenticate(request),
      schema: { body: PurgeBody, response: responses(PurgeData) },
    },
    async (request) => {
      const name = request.body?.cache
      const target = name ? { kind: 'cache' as const, cache: name } : { kind: 'all' as const }
      // Rendered pages and sitemaps are made of that data: they go too (plugins/app/purge.ts).
      await auditedPurge(app, request, target, { target })
      return ok(requestLang(request), { purged: name ? [name] : [...CACHE_NAMES] })
    },
  )

  await app.register(opsApi)
}
