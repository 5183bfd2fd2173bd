import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { LOCALE_COOKIE, LOCALE_MAX_AGE_S, type Lang } from '../../http/locale.ts'

/**
 * The browser never holds the core API's token where scripts can read it: it
 * lives in an HttpOnly cookie, and the BFF turns it into the website-token
 * header on the way upstream.
 */
export interface Session {
  token(request: FastifyRequest): string | undefined
  issue(request: FastifyRequest, reply: FastifyReply, token: string): void
  end(request: FastifyRequest, reply: FastifyReply): void
  /** Sets the edition's cookie unless the request already carries it; answers whether it did */
  setLocale(request: FastifyRequest, reply: FastifyReply, lang: Lang): boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    session: Session
  }
}

async function sessionPlugin(app: FastifyInstance) {
  const { SESSION_COOKIE_NAME, SESSION_MAX_AGE_S } = app.config
  const secure = (request: FastifyRequest) => request.protocol === 'https'
  // __Host- binds the cookie to this host over https: no Domain, Path=/, Secure.
  const cookieName = (request: FastifyRequest) => (secure(request) ? `__Host-${SESSION_COOKIE_NAME}` : SESSION_COOKIE_NAME)
  const base = (request: FastifyRequest) => ({ path: '/', sameSite: 'lax' as const, secure: secure(request) })

  app.decorate('session', {
    token(request) {
      const value = request.cookies[cookieName(request)]
      return value && /^[\x21-\x7e]{1,4096}$/.test(value) ? value : undefined
    },
    issue(request, reply, token) {
      reply.setCookie(cookieName(request), token, { ...base(request), httpOnly: true, maxAge: SESSION_MAX_AGE_S })
    },
    end(request, reply) {
      reply.clearCookie(cookieName(request), { ...base(request), httpOnly: true })
    },
    setLocale(request, reply, lang) {
      // Only when it changes: an answer setting a cookie is the visitor's own, which no shared cache may keep.
      if (request.cookies[LOCALE_COOKIE] === lang) return false
      // Readable by the client on purpose: it is the edition, not a secret.
      reply.setCookie(LOCALE_COOKIE, lang, { ...base(request), maxAge: LOCALE_MAX_AGE_S })
      return true
    },
  } satisfies Session)
}

export default fp(sessionPlugin, { name: 'session', dependencies: ['config', 'cookie'] })
