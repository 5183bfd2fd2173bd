import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

const options = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Report covers and carousel images may live on a CDN; payment QR codes are data: URLs.
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // Alipay's cashier page is reached by a form post or redirect.
      formAction: ["'self'", 'https:'],
      frameAncestors: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Same-origin pages still need the Referer path for analytics and support; no more leaves the site.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  crossOriginEmbedderPolicy: false,
}

/**
 * @fastify/helmet applied globally builds helmet's middleware (parsing the
 * CSP directives again) on every request, a measurable share of a cached
 * page's cost. The headers are the same for every request, so helmet runs
 * once, on the first request, and its headers are replayed after that.
 * Registered with global: false, the plugin still gives reply.helmet() and
 * route-level `helmet` options to any route that needs something else.
 */
async function helmetPlugin(app: FastifyInstance) {
  await app.register(helmet, { ...options, global: false })
  let headers: [string, string | number | string[]][] | undefined
  let removed: string[] = []
  app.addHook('onRequest', (request, reply, done) => {
    // A route with its own helmet options is served by @fastify/helmet itself.
    if ((request.routeOptions.config as { helmet?: unknown } | undefined)?.helmet !== undefined) return done()
    const res = reply.raw
    if (headers) {
      for (const name of removed) res.removeHeader(name)
      for (const [name, value] of headers) res.setHeader(name, value)
      return done()
    }
    const before = new Map(Object.entries(res.getHeaders()))
    reply.helmet()
    const after = res.getHeaders()
    headers = Object.entries(after).filter(([name, value]) => value !== undefined && before.get(name) !== value) as [string, string | number | string[]][]
    removed = [...before.keys()].filter((name) => !(name in after))
    // helmet also removes X-Powered-By, which nothing sets here; keep doing so should anything start to.
    if (!removed.includes('x-powered-by')) removed.push('x-powered-by')
    done()
  })
}

export default fp(helmetPlugin, { name: 'helmet' })
