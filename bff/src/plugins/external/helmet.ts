import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

const options: HelmetOptions = {
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
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
}

export interface SecurityHeaders {
  /** Lower-case names and their values, as helmet sets them */
  set: ReadonlyArray<readonly [string, string]>
  /** Headers helmet takes away (X-Powered-By) */
  removed: readonly string[]
}

/** helmet's middleware run once against a recorder. */
function record(helmetOptions: HelmetOptions): SecurityHeaders {
  const set: Array<readonly [string, string]> = []
  const removed: string[] = []
  const recorder = {
    setHeader: (name: string, value: OutgoingHttpHeader) => void set.push([name.toLowerCase(), String(value)]),
    removeHeader: (name: string) => void removed.push(name.toLowerCase()),
  }
  let finished = false
  helmet(helmetOptions)({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw new Error('helmet failed', { cause: error })
    finished = true
  })
  if (!finished) throw new Error('helmet did not finish synchronously')
  return { set, removed }
}

/** Whether a value holds a function anywhere: helmet calls such directives with each request. */
function computed(value: unknown): boolean {
  if (typeof value === 'function') return true
  if (Array.isArray(value)) return value.some(computed)
  return typeof value === 'object' && value !== null && Object.values(value).some(computed)
}

/**
 * What helmet does to a response with these options, worked out once: with
 * fixed directives it neither reads the request nor varies, so running its
 * middleware against a recorder gives every header it would ever set. Options
 * that could differ from one request to the next (a directive computed per
 * request, a nonce) are refused at start rather than frozen.
 */
export function securityHeaders(helmetOptions: HelmetOptions = options): SecurityHeaders {
  if (computed(helmetOptions)) throw new Error('helmet options computed per request cannot be worked out once')
  return record(helmetOptions)
}

/**
 * helmet's headers on every answer. @fastify/helmet would run helmet's
 * middleware, or two hooks of its own, on every request; the headers are the
 * same for every request, so they are made once and replayed by one hook.
 *
 * Into Fastify's own headers (reply.header), not Node's (res.setHeader): a
 * header set on Node's response sends every other header of the answer
 * through setHeader's checks one by one at writeHead, where Fastify's alone
 * go to Node in one object, checked once as the head is written: 1–3 µs of
 * CPU less per cached home payload, of the 8–9 µs this hook costs (most of
 * it sending twelve more headers; docs/benchmarks.md, 2026-12-04).
 */
async function helmetPlugin(app: FastifyInstance) {
  const { set, removed } = securityHeaders()
  app.addHook('onRequest', (_request, reply, done) => {
    for (const name of removed) reply.removeHeader(name)
    for (const [name, value] of set) reply.header(name, value)
    done()
  })
}

export default fp(helmetPlugin, { name: 'helmet' })
