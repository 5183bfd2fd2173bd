import type { IncomingHttpHeaders } from 'node:http'
import type { Readable } from 'node:stream'
import httpProxy from '@fastify/http-proxy'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { isLoginExpired } from '@rpt/contract'
import { AppError, classify, sendError } from '../http/envelope.ts'
import { requestLang } from '../http/locale.ts'
import { API_PREFIX, PAYMENT_NOTIFY_PATHS, PROXIED_PATHS, type Method, type ProxiedPath } from '../upstream/allow-list.ts'

/** Envelopes are small; anything bigger than this claiming to be JSON is not one. */
const MAX_JSON_BYTES = 5 * 1024 * 1024

/** The core API's envelope begins with its code: {"code":200,… */
const LEADING_CODE = /^\s*\{\s*"code"\s*:\s*(-?\d+)\s*[,}]/

type FromOptions = NonNullable<Parameters<FastifyReply['from']>[1]>

interface UpstreamResponse {
  statusCode: number
  headers: IncomingHttpHeaders
  stream: Readable
}

/** The whole body, or undefined past limit bytes. Listeners, not an async iterator: this runs on every proxied answer. */
export function readAll(stream: Readable, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        stream.destroy()
        resolve(undefined)
        return
      }
      chunks.push(chunk)
    })
    stream.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)))
    stream.once('error', reject)
    // Settled already unless the answer broke off before its end.
    stream.once('close', () => reject(new Error('core API answer closed before its end')))
  })
}

/** Whether the last byte that is not white space closes an object. */
function endsAnObject(buffer: Buffer): boolean {
  for (let i = buffer.length - 1; i >= 0; i--) {
    const byte = buffer[i]!
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return byte === 0x7d
  }
  return false
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value)
}

/** The query the core API receives: the browser's, with lang added where it sent none. */
function upstreamQuery(request: FastifyRequest, addLang: boolean): string {
  const query = isPlainObject(request.query) ? request.query : {}
  // Most calls are posts without a query string.
  if (!addLang && Object.keys(query).length === 0) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) search.append(key, String(item))
  }
  if (addLang && !search.get('lang')) search.set('lang', requestLang(request))
  return search.toString()
}

/**
 * Proxies the allow-listed /api paths to the core API with
 * @fastify/http-proxy: the session cookie becomes the website-token header,
 * every call carries lang, login and register answers hand their token to
 * the cookie instead of the page, and an unreachable core API is an envelope.
 */
/** The upstream connection pool's settings: the same for every proxy of the core API. */
export function upstreamAgentOptions(config: FastifyInstance['config']) {
  return {
    connections: config.UPSTREAM_CONNECTIONS,
    headersTimeout: config.UPSTREAM_TIMEOUT_MS,
    bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
    connect: { timeout: config.UPSTREAM_TIMEOUT_MS, rejectUnauthorized: true },
  }
}

async function proxyPlugin(app: FastifyInstance) {
  const { config } = app
  const undici = upstreamAgentOptions(config)
  // The browser's calls share the core client's connections, where a read that fails before an answer is sent once more.
  const browserDispatcher = app.core.dispatcher
  // Keyed by the route pattern http-proxy registers, so a lookup builds no strings but the key.
  const entries = new Map<string, ProxiedPath>(PROXIED_PATHS.map((entry) => [`${entry.method} ${API_PREFIX}${entry.path}`, entry]))
  const entryOf = (request: FastifyRequest): ProxiedPath | undefined =>
    entries.get(`${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url}`)

  function onUpstreamError(entry: ProxiedPath | undefined) {
    return (reply: FastifyReply, { error }: { error: Error & { code?: string } }) => {
      const request = reply.request
      const { key } = classify(error as never)
      const upstreamKey = key === 'UPSTREAM_TIMEOUT' ? key : 'UPSTREAM_UNAVAILABLE'
      app.metrics.upstreamErrors.inc({
        kind: upstreamKey === 'UPSTREAM_TIMEOUT' ? 'timeout' : 'unavailable',
        path: entry?.path ?? 'notify',
      })
      request.log.warn({ err: error }, 'core API unreachable')
      // Logging out must log out here even when the core API cannot hear it.
      if (entry?.session === 'end') app.session.end(request, reply)
      sendError(reply, upstreamKey, requestLang(request))
    }
  }

  /** An answer that is not the contract's (the balancer's HTML error page, an empty or broken body) becomes the envelope. */
  function notTheContract(request: FastifyRequest, reply: FastifyReply, entry: ProxiedPath, res: UpstreamResponse, why: string) {
    res.stream.resume()
    const key = res.statusCode === 504 ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE'
    app.metrics.upstreamErrors.inc({ kind: key === 'UPSTREAM_TIMEOUT' ? 'timeout' : 'bad-response', path: entry.path })
    request.log.warn({ status: res.statusCode, type: res.headers['content-type'], why }, "core API answer is not the contract's")
    for (const name of ['content-length', 'content-disposition', 'content-range', 'accept-ranges', 'etag', 'last-modified'])
      reply.removeHeader(name)
    if (entry.session === 'end') app.session.end(request, reply)
    sendError(reply, key, requestLang(request))
  }

  function onUpstreamResponse(entry: ProxiedPath) {
    return (request: FastifyRequest, reply: FastifyReply, res: UpstreamResponse) => {
      const type = String(res.headers['content-type'] ?? '')
      if (!type.includes('json')) {
        // The core API answers every failure with the envelope (JSON): anything else failing is its balancer's page.
        if (res.statusCode >= 400) return notTheContract(request, reply, entry, res, 'an error that is not JSON')
        if (res.headers['content-length'] === '0' && request.method !== 'HEAD')
          return notTheContract(request, reply, entry, res, 'an empty answer')
        if (entry.session === 'end') app.session.end(request, reply)
        // Files and captcha images stream through with their own headers (Content-Disposition included).
        reply.send(res.stream)
        return
      }
      readAll(res.stream, MAX_JSON_BYTES)
        .then((buffer) => {
          reply.removeHeader('content-length')
          if (buffer === undefined) {
            sendError(reply, 'UPSTREAM_UNAVAILABLE', requestLang(request))
            return
          }
          if (request.method === 'HEAD') {
            reply.send(buffer)
            return
          }
          // Most answers need no change: only the envelope's code is read, from
          // its first bytes, and the bytes go on as they came. Parsing and
          // serializing a page of reports again costs more than the rest of the proxying.
          // (An answer cut short ends without its closing brace: parsed below, and refused.)
          if (entry.session !== 'issue' && !buffer.includes('"token"') && endsAnObject(buffer)) {
            const code = LEADING_CODE.exec(buffer.subarray(0, 32).toString('latin1'))?.[1]
            if (code !== undefined) {
              reply.outcomeCode = Number(code)
              if (isLoginExpired(Number(code)) || entry.session === 'end') app.session.end(request, reply)
              reply.send(buffer)
              return
            }
          }
          let body: unknown
          try {
            body = JSON.parse(buffer.toString('utf8'))
          } catch {
            notTheContract(request, reply, entry, res, buffer.length === 0 ? 'an empty answer' : 'JSON that does not parse')
            return
          }
          if (!isPlainObject(body) || typeof body.code !== 'number') {
            notTheContract(request, reply, entry, res, 'JSON that is not the envelope')
            return
          }
          const data = body.data
          if (isPlainObject(data) && 'token' in data) {
            // The token is the cookie's business; the page only ever sees data.user.
            if (entry.session === 'issue' && body.code === 200 && typeof data.token === 'string' && data.token)
              app.session.issue(request, reply, data.token)
            delete data.token
          }
          if (isLoginExpired(body.code)) app.session.end(request, reply)
          if (entry.session === 'end') app.session.end(request, reply)
          reply.send(JSON.stringify(body))
        })
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'core API answer broke off')
          if (!reply.sent) sendError(reply, 'UPSTREAM_UNAVAILABLE', requestLang(request))
        })
    }
  }

  // reply-from hands over its own copy of the browser's headers, so it is changed in place.
  const rewriteRequestHeaders = (request: FastifyRequest, upstream: IncomingHttpHeaders) => {
    // The core API sees neither the browser's cookies nor a token the browser made up.
    delete upstream.cookie
    delete upstream['website-token']
    // Bodies are inspected here; the edge compresses for the browser.
    delete upstream['accept-encoding']
    // Expect belongs to this hop (Node answers the 100 Continue); undici refuses a request that carries it.
    delete upstream.expect
    const token = app.session.token(request)
    if (token) upstream['website-token'] = token
    upstream['x-forwarded-for'] = request.ip
    upstream['x-forwarded-proto'] = request.protocol
    return upstream
  }

  async function browserRoutes(scope: FastifyInstance, method: Method) {
    const paths = PROXIED_PATHS.filter((entry) => entry.method === method)
    // The core API speaks JSON only: anything else is a 415 here, not a confusing 400 there.
    scope.removeContentTypeParser('text/plain')
    await scope.register(httpProxy, {
      upstream: config.CORE_API_URL,
      prefix: API_PREFIX,
      routes: paths.map((entry) => entry.path),
      httpMethods: [method],
      undici: browserDispatcher as never,
      disableRequestLogging: true,
      // Given a preValidation hook, http-proxy keeps the app's JSON parser, so bodies arrive parsed and lang can be added.
      preValidation: (_request, _reply, done) => done(),
      // Callback style: most calls have no limit, and need no promise for it.
      preHandler: (request, _reply, done) => {
        const entry = entryOf(request)
        if (!entry) return done(new AppError('NOT_FOUND'))
        if (entry.changesState) {
          try {
            app.csrf.verify(request)
          } catch (error) {
            return done(error as Error)
          }
        }
        if (!entry.limit) return done()
        app.limits.enforce(request, entry.limit).then(() => done(), done)
      },
      handler: (request, reply, dest, options) => {
        const entry = entryOf(request)!
        const lang = requestLang(request)
        const query = upstreamQuery(request, method === 'GET')
        // reply-from types its hooks for every raw server (HTTP/2 included); this app is HTTP/1 only.
        const replyOptions: FromOptions = {
          ...options,
          rewriteRequestHeaders: rewriteRequestHeaders as never,
          onResponse: onUpstreamResponse(entry) as never,
          onError: onUpstreamError(entry) as never,
          queryString: () => query,
        }
        if (method === 'GET') return reply.from(dest, replyOptions)
        const body = request.body === undefined || request.body === null ? {} : request.body
        return reply.from(dest, { ...replyOptions, body: isPlainObject(body) && !body.lang ? { ...body, lang } : body })
      },
    })
  }

  await app.register(async (scope) => browserRoutes(scope, 'GET'))
  await app.register(async (scope) => browserRoutes(scope, 'POST'))

  // Requests that are not the browser's API calls keep their bytes, and lose only what is ours.
  const passThroughHeaders = (request: FastifyRequest, headers: IncomingHttpHeaders) => {
    const upstream: IncomingHttpHeaders = { ...headers }
    delete upstream.cookie
    delete upstream['website-token']
    delete upstream.expect
    upstream['x-forwarded-for'] = request.ip
    return upstream
  }

  // Payment notifications pass through untouched: http-proxy's own raw body
  // parsers keep the signed bytes exactly as the provider sent them.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json')
    await scope.register(httpProxy, {
      upstream: config.CORE_API_URL,
      prefix: API_PREFIX,
      routes: [...PAYMENT_NOTIFY_PATHS],
      httpMethods: ['POST'],
      undici,
      disableRequestLogging: true,
      config: { csrf: 'exempt' },
      replyOptions: { rewriteRequestHeaders: passThroughHeaders as never, onError: onUpstreamError(undefined) as never },
    })
  })
}

export default fp(proxyPlugin, { name: 'proxy', dependencies: ['config', 'session', 'csrf', 'limits', 'metrics', 'core-client'] })
