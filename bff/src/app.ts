import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import fp from 'fastify-plugin'
import { drainHooks, trustProxyOption } from '@rpt/server-kit'
import type { Config } from './config.ts'
import envelope, { catalogue, sendError } from './http/envelope.ts'
import { requestLang } from './http/locale.ts'
import { redactUrl } from './http/redact.ts'
import appPlugins from './plugins/app/index.ts'
import compressPlugin from './plugins/external/compress.ts'
import configPlugin from './plugins/external/config.ts'
import cookiePlugin from './plugins/external/cookie.ts'
import helmetPlugin from './plugins/external/helmet.ts'
import proxyPlugin from './plugins/external/proxy.ts'
import rateLimitPlugin from './plugins/external/rate-limit.ts'
import redisPlugin from './plugins/external/redis.ts'
import routes from './routes/index.ts'

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers or
 * URL too large, malformed request line) is answered with the envelope too,
 * in the default language since nothing of the request can be read.
 */
export function envelopeClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, entry] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, catalogue.INVALID_PARAMETER]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, catalogue.PAYLOAD_TOO_LARGE]
        : [400, catalogue.INVALID_PARAMETER]
  const body = JSON.stringify({ code: entry.code, msg: entry['zh-CN'], data: null })
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}

/** The logger of server.ts, shared with the tests that read what it writes. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] & object {
  return {
    level: config.LOG_LEVEL,
    // Session tokens, cookies and the ops token never reach the log.
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers["website-token"]',
        'req.headers.authorization',
        'req.headers["x-ops-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  }
}

/** Options that must be set when the Fastify instance is created, shared by server.ts and the tests. */
export function fastifyOptions(config: Config): FastifyServerOptions {
  return {
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // The ops API refuses unknown settings by name; the contract's calls pass through to the core API, which ignores unknown fields.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false } },
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // A request on a kept-alive connection during a shutdown's drain is served (server-kit's drain), not refused.
    return503OnClosing: false,
    clientErrorHandler: envelopeClientError,
    // A URL that is not valid percent-encoded UTF-8 fails in the router, before the error handler.
    frameworkErrors: (_error, request, reply) => {
      void sendError(reply as unknown as FastifyReply, 'INVALID_PARAMETER', requestLang(request as unknown as FastifyRequest))
    },
  }
}

export interface AppOptions {
  config: Config
}

async function app(fastify: FastifyInstance, options: AppOptions) {
  await fastify.register(configPlugin, { config: options.config })
  await fastify.register(drainHooks)
  await fastify.register(cookiePlugin)
  await fastify.register(envelope)
  // Legacy clients post an empty body to argument-less calls; treat it as {}.
  fastify.removeContentTypeParser('application/json')
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') return done(null, {})
    try {
      done(null, JSON.parse(text))
    } catch {
      const error = new SyntaxError('malformed JSON') as SyntaxError & { statusCode: number; code: string }
      error.statusCode = 400
      error.code = 'FST_ERR_CTP_INVALID_JSON_BODY'
      done(error, undefined)
    }
  })
  await fastify.register(redisPlugin)
  await fastify.register(helmetPlugin)
  await fastify.register(compressPlugin)
  await fastify.register(rateLimitPlugin)
  await fastify.register(appPlugins)
  await fastify.register(proxyPlugin)
  await fastify.register(routes)
  // Unknown paths are limited too: probing for them is how scanners work.
  fastify.setNotFoundHandler(async (request, reply) => {
    await fastify.limits.enforce(request, 'notFound')
    return sendError(reply, 'NOT_FOUND', requestLang(request))
  })
}

export default fp(app, { name: 'bff' })
