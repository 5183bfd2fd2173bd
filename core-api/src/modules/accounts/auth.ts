import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../../platform/errors.ts'
import type { SessionUser } from './session-service.ts'

// Website users send their token in the website-token header (product spec
// section 6). No token where one is needed: 200001. A token that is unknown,
// expired or revoked: 5001, on which clients reset their state and go home.

export const TOKEN_HEADER = 'website-token'

export function tokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[TOKEN_HEADER]
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim()
  return value ? value : undefined
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser */
    session: SessionUser | null
  }
  interface FastifyInstance {
    /** preHandler for routes that need a logged-in website user */
    requireUser(request: FastifyRequest): Promise<void>
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('session', null)
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const token = tokenOf(request)
      if (!token) throw new AppError('NOT_LOGGED_IN')
      const session = await app.sessions.authenticate(token)
      if (!session) throw new AppError('LOGIN_EXPIRED')
      request.session = session
    })
  },
  { name: 'auth', dependencies: ['session-service'] },
)

/** The session requireUser established; routes using it are guaranteed one. */
export function sessionOf(request: FastifyRequest): SessionUser {
  if (!request.session) throw new AppError('NOT_LOGGED_IN')
  return request.session
}
