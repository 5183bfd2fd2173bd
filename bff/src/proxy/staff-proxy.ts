import type { IncomingHttpHeaders } from 'node:http'
import type { Readable } from 'node:stream'
import httpProxy from '@fastify/http-proxy'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError, classify, sendError } from '../http/envelope.ts'
import { cookieLang, requestLang } from '../http/locale.ts'
import { STAFF_PATHS, STAFF_PREFIX, type StaffMethod, type StaffPath } from '../upstream/allow-list.ts'
import { readAll, upstreamAgentOptions } from './api-proxy.ts'

/** The staff session's cookie: HttpOnly, SameSite=Strict, no Max-Age (the core API ends sessions itself); __Host-rpt_staff over https. */
export const STAFF_COOKIE = 'rpt_staff'

/** A file the console uploads (uploadReportFile, an import) is refused here past this, before the core API sees a byte. */
export const STAFF_UPLOAD_MAX_BYTES = 500 * 1024 * 1024

/** An upload of 500 MB over a slow line takes long; a JSON call keeps the usual timeout. */
const UPLOAD_TIMEOUT_MS = 30 * 60 * 1000

/** Envelopes are small: a login answer bigger than this is not one. */
const MAX_JSON_BYTES = 1024 * 1024

/** Tokens are printable ASCII; anything else in the cookie was not set by us. */
const TOKEN = /^[\x21-\x7e]{1,4096}$/

type FromOptions = NonNullable<Parameters<FastifyReply['from']>[1]>

interface UpstreamResponse {
  statusCode: number
  headers: IncomingHttpHeaders
  stream: Readable
}

declare module 'fastify' {
  interface FastifyInstance {
    staffSession: {
      token(request: FastifyRequest): string | undefined
      issue(request: FastifyRequest, reply: FastifyReply, token: string): void
      end(request: FastifyRequest, reply: FastifyReply): void
    }
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value)
}

const isJson = (type: unknown) => typeof type === 'string' && /^application\/(.+\+)?json\b/i.test(type)

/**
 * The staff API under /staff-api: every call the contract marks audience
 * 'staff' goes to the core API's /staff/… with the staff cookie's token as
 * Authorization: Bearer. The token never reaches the page: staffLogin's
 * answer sets the cookie and loses data.token. Bodies other than the
 * login's are not parsed here: an upload of 500 MB streams straight through.
 */
async function staffProxyPlugin(app: FastifyInstance) {
  const { config } = app
  const undici = upstreamAgentOptions(config)
  const secure = (request: FastifyRequest) => request.protocol === 'https'
  // As the visitor's cookie: __Host- binds it to this host over https (no Domain, Path=/, Secure), so a
  // neighbouring subdomain cannot plant a staff session; only the name of the request's scheme is read.
  const cookieName = (request: FastifyRequest) => (secure(request) ? `__Host-${STAFF_COOKIE}` : STAFF_COOKIE)
  const cookieOptions = (request: FastifyRequest) => ({ path: '/', sameSite: 'strict' as const, secure: secure(request), httpOnly: true })
  const session = {
    token(request: FastifyRequest) {
      const value = request.cookies[cookieName(request)]
      return value && TOKEN.test(value) ? value : undefined
    },
    issue(request: FastifyRequest, reply: FastifyReply, token: string) {
      reply.setCookie(cookieName(request), token, cookieOptions(request))
    },
    end(request: FastifyRequest, reply: FastifyReply) {
      reply.clearCookie(cookieName(request), cookieOptions(request))
    },
  }
  app.decorate('staffSession', session)

  // Refusals made here (CSRF, limits, a body too large) are no more cacheable than the answers.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(`${STAFF_PREFIX}/`) || request.url === STAFF_PREFIX) reply.header('cache-control', 'no-store')
    done(null, payload)
  })

  const entries = new Map<string, StaffPath>(STAFF_PATHS.map((entry) => [`${entry.method} ${STAFF_PREFIX}${entry.route}`, entry]))
  const entryOf = (request: FastifyRequest) =>
    entries.get(`${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url}`)

  const rewriteRequestHeaders = (request: FastifyRequest, upstream: IncomingHttpHeaders) => {
    // The core API sees neither the browser's cookies nor a bearer token the page made up: only the cookie's.
    delete upstream.cookie
    delete upstream.authorization
    delete upstream['website-token']
    delete upstream['accept-encoding']
    // Node has answered the client's `Expect: 100-continue` (curl's way with a large upload) on this hop;
    // undici refuses to send a request that carries Expect, which made such an upload a 502.
    delete upstream.expect
    const token = session.token(request)
    if (token) upstream.authorization = `Bearer ${token}`
    // The core API answers in the lang a body or query names, else in Accept-Language: the edition's cookie says it best.
    const lang = cookieLang(request.cookies)
    if (lang) upstream['accept-language'] = lang
    upstream['x-forwarded-for'] = request.ip
    upstream['x-forwarded-proto'] = request.protocol
    return upstream
  }

  const onError =
    (entry: StaffPath | undefined) =>
    (reply: FastifyReply, { error }: { error: Error & { code?: string } }) => {
      const request = reply.request
      const { key } = classify(error as never)
      const upstreamKey = key === 'UPSTREAM_TIMEOUT' ? key : 'UPSTREAM_UNAVAILABLE'
      app.metrics.upstreamErrors.inc({ kind: upstreamKey === 'UPSTREAM_TIMEOUT' ? 'timeout' : 'unavailable', path: entry?.path ?? 'staff' })
      request.log.warn({ err: error }, 'core API unreachable (staff API)')
      if (entry?.session === 'end') session.end(request, reply)
      sendError(reply, upstreamKey, requestLang(request))
    }

  const onResponse = (entry: StaffPath) => (request: FastifyRequest, reply: FastifyReply, res: UpstreamResponse) => {
    // A staff answer is one person's, about unpublished work: nobody keeps it.
    reply.header('cache-control', 'no-store')
    if (entry.session === 'end' || res.statusCode === 401) session.end(request, reply)
    if (res.statusCode >= 400 && !isJson(res.headers['content-type'])) {
      // Not the core API's envelope (a balancer's error page): the console gets one.
      res.stream.resume()
      reply.removeHeader('content-length')
      request.log.warn({ status: res.statusCode }, "core API answer is not the contract's (staff API)")
      sendError(reply, res.statusCode === 504 ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE', requestLang(request))
      return
    }
    if (entry.session !== 'issue') {
      reply.send(res.stream)
      return
    }
    readAll(res.stream, MAX_JSON_BYTES)
      .then((buffer) => {
        reply.removeHeader('content-length')
        let body: unknown
        try {
          body = buffer === undefined ? undefined : JSON.parse(buffer.toString('utf8'))
        } catch {
          body = undefined
        }
        if (!isPlainObject(body) || typeof body.code !== 'number') {
          sendError(reply, 'UPSTREAM_UNAVAILABLE', requestLang(request))
          return
        }
        const data = body.data
        if (isPlainObject(data) && 'token' in data) {
          if (body.code === 200 && typeof data.token === 'string' && TOKEN.test(data.token)) session.issue(request, reply, data.token)
          // The token is the cookie's business; the console sees data.staff only.
          delete data.token
        }
        reply.outcomeCode = body.code
        reply.type('application/json; charset=utf-8').send(JSON.stringify(body))
      })
      .catch((error: unknown) => {
        request.log.warn({ err: error }, 'core API answer broke off (staff API)')
        if (!reply.sent) sendError(reply, 'UPSTREAM_UNAVAILABLE', requestLang(request))
      })
  }

  const handler = (request: FastifyRequest, reply: FastifyReply, dest: string, options: FromOptions) => {
    const entry = entryOf(request)!
    const upload = request.method !== 'GET' && request.headers['content-type'] !== undefined && !isJson(request.headers['content-type'])
    const replyOptions: FromOptions = {
      ...options,
      rewriteRequestHeaders: rewriteRequestHeaders as never,
      onResponse: onResponse(entry) as never,
      onError: onError(entry) as never,
      ...(upload ? { timeout: UPLOAD_TIMEOUT_MS } : {}),
    }
    return reply.from(dest, replyOptions)
  }

  // Every staff call but the login: bodies (JSON, files, multipart imports) stream through unparsed.
  const streamed = STAFF_PATHS.filter((entry) => entry.session !== 'issue')
  const methods = [...new Set(streamed.map((entry) => entry.method))]
  for (const method of methods) {
    await app.register(async (scope) => {
      // http-proxy adds pass-through parsers for JSON and everything else ('*'): the body stays the request's stream.
      scope.removeAllContentTypeParsers()
      await scope.register(httpProxy, {
        upstream: config.CORE_API_URL,
        prefix: STAFF_PREFIX,
        rewritePrefix: '/staff',
        routes: streamed.filter((entry) => entry.method === method).map((entry) => entry.route),
        httpMethods: [method satisfies StaffMethod],
        undici,
        disableRequestLogging: true,
        preHandler: (request, _reply, done) => {
          const entry = entryOf(request)
          if (!entry) return done(new AppError('NOT_FOUND'))
          const length = Number(request.headers['content-length'] ?? 0)
          if (length > STAFF_UPLOAD_MAX_BYTES) return done(new AppError('PAYLOAD_TOO_LARGE'))
          // The body is not parsed here, so only the address is counted.
          if (!entry.limit) return done()
          app.limits.enforce(request, entry.limit).then(() => done(), done)
        },
        handler,
      })
    })
  }

  // The login's body is parsed (the app's JSON parser), so its limit counts the staff name as well as the address.
  const issuing = STAFF_PATHS.filter((entry) => entry.session === 'issue')
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain')
    await scope.register(httpProxy, {
      upstream: config.CORE_API_URL,
      prefix: STAFF_PREFIX,
      rewritePrefix: '/staff',
      routes: issuing.map((entry) => entry.route),
      httpMethods: ['POST'],
      undici,
      disableRequestLogging: true,
      preValidation: (_request, _reply, done) => done(),
      preHandler: (request, _reply, done) => {
        const entry = entryOf(request)
        if (!entry) return done(new AppError('NOT_FOUND'))
        if (!entry.limit) return done()
        app.limits.enforce(request, entry.limit).then(() => done(), done)
      },
      handler: (request, reply, dest, options) => {
        const body = request.body === undefined || request.body === null ? {} : request.body
        return handler(request, reply, dest, { ...options, body })
      },
    })
  })
}

export default fp(staffProxyPlugin, {
  name: 'staff-proxy',
  dependencies: ['config', 'cookie', 'csrf', 'limits', 'metrics'],
})
