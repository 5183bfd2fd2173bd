import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { trustedOrigins } from '../../config.ts'
import { AppError } from '../../http/envelope.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'exempt': authenticated otherwise (payment signatures, the ops token), so not checked */
    csrf?: 'exempt'
  }
  interface FastifyInstance {
    csrf: { verify(request: FastifyRequest): void }
  }
}

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * A state-changing request must come from the site itself and carry
 * X-Requested-With. The header alone already forces a CORS preflight, which
 * this site never grants; the Origin / Sec-Fetch-Site check refuses what a
 * browser marks as cross-site even if that ever changes.
 */
async function csrfPlugin(app: FastifyInstance) {
  const trusted = new Set(trustedOrigins(app.config))

  function fromThisSite(request: FastifyRequest): boolean {
    const origin = request.headers.origin
    if (origin !== undefined) return trusted.has(origin) || origin === `${request.protocol}://${request.host}`
    // Without Origin only a browser's own statement can vouch for the request.
    return request.headers['sec-fetch-site'] === 'same-origin'
  }

  const csrf = {
    verify(request: FastifyRequest) {
      if (request.headers['x-requested-with'] === undefined || !fromThisSite(request)) {
        request.log.info({ origin: request.headers.origin, site: request.headers['sec-fetch-site'] }, 'cross-site request refused')
        throw new AppError('CROSS_SITE')
      }
    },
  }
  app.decorate('csrf', csrf)
  // Callback style: it runs on every request, and a promise apiece is measurable.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf === 'exempt') return done()
    try {
      csrf.verify(request)
    } catch (error) {
      return done(error as Error)
    }
    done()
  })
}

export default fp(csrfPlugin, { name: 'csrf', dependencies: ['config'] })
