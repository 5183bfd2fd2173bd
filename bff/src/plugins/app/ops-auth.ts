import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { opsOperators } from '../../config.ts'
import { AppError } from '../../http/envelope.ts'

export interface OpsAuth {
  /**
   * onRequest hook of every ops route: the operator from the token
   * (X-Ops-Token or Authorization: Bearer) or from the ops page's cookie, or
   * a 401 that says nothing more. Runs before the body is read, so a caller
   * without a token learns nothing from validation either. Failures count
   * against the opsAuth limit; past it, 429.
   */
  authenticate(request: FastifyRequest): Promise<void>
  /** The ops page's sign-in: the token for an HttpOnly cookie. Answers the operator's name. */
  signIn(request: FastifyRequest, reply: FastifyReply, token: string): Promise<string>
  signOut(request: FastifyRequest, reply: FastifyReply): void
}

declare module 'fastify' {
  interface FastifyInstance {
    opsAuth: OpsAuth
  }
  interface FastifyRequest {
    /** The authenticated operator's name on ops routes */
    operator: string | null
  }
}

const SESSION_HOURS = 8
const COOKIE = 'rpt_ops'
const COOKIE_PATH = '/bff/ops'
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD'])

const sha256 = (value: string) => createHash('sha256').update(value).digest()

function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers['x-ops-token']
  if (typeof header === 'string') return header
  const authorization = request.headers.authorization
  return authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined
}

async function opsAuthPlugin(app: FastifyInstance) {
  // Digests of equal length, compared in constant time against every operator, so neither a token's length nor which one matched shows in the timing.
  const operators = opsOperators(app.config).map(({ name, token }) => ({ name, token, digest: sha256(token) }))
  const byName = new Map(operators.map((operator) => [operator.name, operator]))

  const operatorOf = (token: string): string | undefined => {
    const presented = sha256(token)
    let found: string | undefined
    for (const operator of operators) if (timingSafeEqual(presented, operator.digest) && found === undefined) found = operator.name
    return found
  }

  // The cookie names the operator and its expiry, signed with the operator's own token: rotating a token ends its sessions.
  const mac = (token: string, name: string, expires: number) =>
    createHmac('sha256', token).update(`ops-session\n${name}\n${expires}`).digest('base64url')
  const cookieName = (request: FastifyRequest) => (request.protocol === 'https' ? `__Secure-${COOKIE}` : COOKIE)
  const sessionOperator = (request: FastifyRequest): string | undefined => {
    const value = request.cookies[cookieName(request)]
    const match = value ? /^([A-Za-z0-9_.@-]{1,64})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value) : null
    if (!match) return undefined
    const [, name, expires, signature] = match as unknown as [string, string, string, string]
    const operator = byName.get(name)
    if (!operator || Number(expires) * 1000 < Date.now()) return undefined
    const expected = Buffer.from(mac(operator.token, name, Number(expires)))
    const given = Buffer.from(signature)
    return given.length === expected.length && timingSafeEqual(given, expected) ? name : undefined
  }

  const failed = async (request: FastifyRequest): Promise<never> => {
    // Counted, then refused; past the limit the answer is 429 instead.
    await app.limits.enforce(request, 'opsAuth')
    request.log.warn('ops authentication failed')
    throw new AppError('OPS_UNAUTHORIZED')
  }

  app.decorateRequest('operator', null)
  app.decorate('opsAuth', {
    async authenticate(request) {
      await app.limits.check(request, 'opsAuth')
      const token = presentedToken(request)
      if (token !== undefined) {
        const name = operatorOf(token)
        if (name === undefined) return failed(request)
        request.operator = name
        return
      }
      const name = sessionOperator(request)
      if (name === undefined) {
        // Nothing presented at all (the ops page asking whether it is signed in) is no attempt at a token: refused, not counted.
        if (request.cookies[cookieName(request)] === undefined) throw new AppError('OPS_UNAUTHORIZED')
        return failed(request)
      }
      // A cookie rides along with any request the browser makes: writes must come from the site itself.
      if (!SAFE_METHODS.has(request.method)) app.csrf.verify(request)
      request.operator = name
    },
    async signIn(request, reply, token) {
      await app.limits.check(request, 'opsAuth')
      const name = operatorOf(token)
      if (name === undefined) return failed(request)
      const expires = Math.floor(Date.now() / 1000) + SESSION_HOURS * 3600
      reply.setCookie(cookieName(request), `${name}.${expires}.${mac(byName.get(name)!.token, name, expires)}`, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: SESSION_HOURS * 3600,
      })
      return name
    },
    signOut(request, reply) {
      reply.clearCookie(cookieName(request), {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
      })
    },
  } satisfies OpsAuth)
}

export default fp(opsAuthPlugin, { name: 'ops-auth', dependencies: ['config', 'cookie', 'csrf', 'limits'] })
