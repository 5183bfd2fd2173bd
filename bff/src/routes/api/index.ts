import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Envelope, ErrorEnvelope } from '@rpt/contract'
import { keepKnown } from '../../http/legacy-input.ts'
import { requestLang } from '../../http/locale.ts'
import { API_PREFIX, CACHED_PATHS } from '../../upstream/allow-list.ts'
import { AnyData, inputOf } from './schemas.ts'

function paramsOf(request: FastifyRequest, method: 'GET' | 'POST'): Record<string, unknown> {
  const source = (method === 'GET' ? request.query : request.body) as Record<string, unknown> | undefined
  const { lang: _lang, ...params } = source ?? {}
  return params
}

/**
 * The cached /api calls: answered from the BFF's caches (x-cache says how),
 * the rest of the allow-list goes through the proxy (proxy/api-proxy.ts).
 * Their inputs are the contract's: the cache key is built from these fields
 * alone (others are dropped before validation), so nothing unvalidated can
 * mint entries.
 */
export default async function apiRoutes(app: FastifyInstance) {
  for (const { method, path, cache } of CACHED_PATHS) {
    const input = inputOf(method, path)
    app.route({
      method,
      url: `${API_PREFIX}${path}`,
      schema: {
        ...(method === 'GET' ? { querystring: input } : { body: input }),
        response: { 200: Envelope(AnyData), '4xx': Envelope(AnyData), '5xx': ErrorEnvelope },
      },
      preValidation: async (request) => keepKnown(method === 'GET' ? request.query : request.body, input),
      handler: async (request, reply) => {
        const { value, outcome } = await app.caches.fetch(cache, {
          method,
          path,
          lang: requestLang(request),
          params: paramsOf(request, method),
        })
        return reply.status(value.status).header('x-cache', outcome).send(value.body)
      },
    })
  }

  // Anything else under /api is not on the allow-list.
  app.all(`${API_PREFIX}/*`, { schema: { response: { '4xx': ErrorEnvelope } } }, async (request, reply) => reply.callNotFound())
}
