import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Static } from 'typebox'
import { AppError, ok, responses } from '../../http/envelope.ts'
import { requestLang } from '../../http/locale.ts'
import { CACHE_NAMES } from '../../plugins/app/caches.ts'
import { HealthData, LiveData, PurgeBody, PurgeData, ReadyData } from './schemas.ts'

function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers['x-ops-token']
  if (typeof header === 'string') return header
  const authorization = request.headers.authorization
  return authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined
}

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
  app.get('/bff/health/live', { schema: { response: responses(LiveData) }, logLevel: 'warn' }, async (request) => ok(requestLang(request), { status: 'live' as const }))

  app.get('/bff/health/ready', { schema: { response: responses(ReadyData) }, logLevel: 'warn' }, async (request) => {
    const lang = requestLang(request)
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

  app.get('/bff/metrics', async (_request, reply) => {
    return reply.type(app.metrics.registry.contentType).header('cache-control', 'no-store').send(await app.metrics.registry.metrics())
  })

  app.post<{ Body: Static<typeof PurgeBody> }>(
    '/bff/cache/purge',
    // Authenticated by the operations token, not by a cookie, so CSRF does not apply.
    { config: { csrf: 'exempt' }, schema: { body: PurgeBody, response: responses(PurgeData) } },
    async (request) => {
      const expected = Buffer.from(app.config.OPS_TOKEN)
      const presented = Buffer.from(presentedToken(request) ?? '')
      if (expected.length === 0 || presented.length !== expected.length || !timingSafeEqual(presented, expected)) throw new AppError('OPS_UNAUTHORIZED')
      const name = request.body?.cache
      await app.caches.purge(name)
      // Rendered pages and sitemaps are made of that data.
      await app.ssr.purge()
      request.log.info({ cache: name ?? 'all' }, 'caches purged')
      return ok(requestLang(request), { purged: name ? [name] : [...CACHE_NAMES] })
    },
  )
}
