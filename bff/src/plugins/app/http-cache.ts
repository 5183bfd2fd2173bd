import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { SettingValues } from '../../lib/settings-table.ts'

/**
 * Who may keep an answer (docs/caching.md):
 * - shared: the same for every visitor without a session who asks for the
 *   URL (and Accept-Encoding): browsers and shared caches (nginx, a CDN) may
 *   keep it for HTTP_MAX_AGE_S and revalidate it with its ETag;
 * - private: it reads the visitor's own cookies (the edition a language
 *   cookie names): only their browser keeps it, revalidating every time;
 * - personal: a session's answer: nobody keeps it.
 */
export type CachePolicy = 'shared' | 'private' | 'personal'

export interface HttpCache {
  /** The request carries a session (its cookie, a token header): what it gets is personal. */
  personal(request: FastifyRequest): boolean
  /**
   * Sets Cache-Control for the policy and, where a copy may be kept, the
   * ETag. True when the request's If-None-Match already names that ETag:
   * the caller answers notModified() instead of the body.
   */
  validate(request: FastifyRequest, reply: FastifyReply, policy: CachePolicy, etag: string): boolean
  /** 304 with the validators just set and no body */
  notModified(reply: FastifyReply): FastifyReply
}

declare module 'fastify' {
  interface FastifyInstance {
    httpCache: HttpCache
  }
}

/** Weak comparison (RFC 9110, 13.1.2): a weak and a strong tag of the same value match. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined || ifNoneMatch === '') return false
  if (ifNoneMatch.trim() === '*') return true
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag
  for (const part of ifNoneMatch.split(',')) {
    const candidate = part.trim()
    if ((candidate.startsWith('W/') ? candidate.slice(2) : candidate) === opaque) return true
  }
  return false
}

/** The Cache-Control of a shared answer; max-age 0 keeps it out of shared caches altogether. */
export function sharedCacheControl(values: Pick<SettingValues, 'HTTP_MAX_AGE_S' | 'HTTP_STALE_WHILE_REVALIDATE_S'>): string {
  if (values.HTTP_MAX_AGE_S === 0) return 'no-cache'
  const swr = values.HTTP_STALE_WHILE_REVALIDATE_S
  return `public, max-age=${values.HTTP_MAX_AGE_S}${swr > 0 ? `, stale-while-revalidate=${swr}` : ''}`
}

const CONTROL: Record<Exclude<CachePolicy, 'shared'>, string> = { private: 'private, no-cache', personal: 'private, no-store' }

async function httpCachePlugin(app: FastifyInstance) {
  const { SESSION_COOKIE_NAME } = app.config
  const sessionCookies = [SESSION_COOKIE_NAME, `__Host-${SESSION_COOKIE_NAME}`]
  // An ops setting: made again when it changes, not per request.
  let shared = sharedCacheControl(app.settings.values)
  app.settings.onChange((values) => {
    shared = sharedCacheControl(values)
  })

  const httpCache: HttpCache = {
    personal(request) {
      const { headers, cookies } = request
      return (
        headers['website-token'] !== undefined ||
        headers.authorization !== undefined ||
        sessionCookies.some((name) => cookies[name] !== undefined)
      )
    },
    validate(request, reply, policy, etag) {
      reply.header('cache-control', policy === 'shared' ? shared : CONTROL[policy])
      if (policy === 'personal') return false
      reply.header('etag', etag)
      const ifNoneMatch = request.headers['if-none-match']
      return etagMatches(ifNoneMatch, etag)
    },
    notModified(reply) {
      reply.removeHeader('content-type')
      return reply.code(304).send()
    },
  }
  app.decorate('httpCache', httpCache)

  // Whatever a route said, an answer that sets a cookie (a session, the
  // edition) is the visitor's own: no shared cache may keep it and hand that
  // cookie to the next visitor. Runs after the cookie plugin's onSend has
  // written Set-Cookie.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const control = reply.getHeader('cache-control')
    if (typeof control === 'string' && control.startsWith('public') && reply.getHeader('set-cookie') !== undefined) {
      reply.header('cache-control', CONTROL.personal)
      reply.removeHeader('etag')
    }
    done(null, payload)
  })
}

export default fp(httpCachePlugin, { name: 'http-cache', dependencies: ['config', 'cookie', 'settings'] })
