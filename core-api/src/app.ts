import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify'
import fp from 'fastify-plugin'
import { drainHooks, trustProxyOption } from '@rpt/server-kit'
import type { Config } from './config.ts'
import { registerBodyParsers } from './http/body-parsers.ts'
import envelope, { resolveLang } from './http/envelope.ts'
import bareDialect, { bareRewriter } from './http/bare-dialect.ts'
import { dropBlankFields, nonFiniteField, unknownFields } from './http/legacy-input.ts'
import { catalogue, invalid } from './errors.ts'
import configPlugin from './plugins/external/config.ts'
import mailerPlugin from './plugins/external/mailer.ts'
import dbPlugin from './plugins/external/db.ts'
import jobQueuePlugin from './plugins/external/job-queue.ts'
import swaggerPlugin from './plugins/external/swagger.ts'
import appPlugins from './plugins/app/index.ts'
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

/** Options that must be set when the Fastify instance is created, shared by server.ts and the tests. */
export function fastifyOptions(config: Config): FastifyServerOptions {
  return {
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Every visitor reaches this API through the BFF; its X-Forwarded-For names them.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // A tolerant reader, as the legacy backend was: unknown fields are
    // dropped (and counted), numeric strings coerced; a known field of the
    // wrong type or out of range is still refused, naming it.
    ajv: { customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true, allErrors: false } },
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // A request on a kept-alive connection during a shutdown's drain is served (server-kit's drain), not refused.
    return503OnClosing: false,
    // The earlier backend's clients call the same routes under LEGACY_BARE_PREFIX (http/bare-dialect.ts).
    rewriteUrl: bareRewriter(config.LEGACY_BARE_PREFIX),
    clientErrorHandler: envelopeClientError,
    // A URL that is not valid percent-encoded UTF-8 fails in the router, before
    // the error handler; answer it with the envelope too.
    frameworkErrors: (error, request, reply) => {
      const lang = resolveLang(request)
      const entry = catalogue.INVALID_PARAMETER
      // The reply is typed for whichever route would have matched; none did.
      const plain = reply as unknown as FastifyReply
      void plain.status(entry.status).type('application/json; charset=utf-8').send({ code: entry.code, msg: entry[lang], data: null })
    },
    // A first start migrates and seeds (rendering the sample PDFs) inside the
    // db plugin; on a slow or busy machine that outlasts Fastify's 10 s default.
    pluginTimeout: 180_000,
  }
}

/** Signed download links carry their secret in the path; the log keeps only its first characters. */
export function redactUrl(url: string): string {
  return url.replace(/(\/download\/)([A-Za-z0-9_-]{6})[A-Za-z0-9_-]*/g, '$1$2…')
}

/** The logger of server.ts, shared with the tests that read what it writes. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] & object {
  return {
    level: config.LOG_LEVEL,
    // Tokens and credentials never reach the log.
    redact: { paths: ['req.headers["website-token"]', 'req.headers.cookie', 'req.headers.authorization'], censor: '[redacted]' },
    serializers: {
      req: (request: {
        method: string
        url: string
        originalUrl?: string
        host?: string
        ip?: string
        socket?: { remotePort?: number }
      }) => ({
        method: request.method,
        url: redactUrl(request.originalUrl ?? request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      // The envelope's code beside the HTTP status: failures of the contract are answered with HTTP 200.
      res: (reply: { statusCode: number; outcomeCode?: number }) => ({ statusCode: reply.statusCode, code: reply.outcomeCode }),
    },
  }
}

export interface AppOptions {
  config: Config
}

async function app(fastify: FastifyInstance, options: AppOptions) {
  await fastify.register(configPlugin, { config: options.config })
  await fastify.register(drainHooks)
  await fastify.register(envelope)
  await fastify.register(bareDialect)
  registerBodyParsers(fastify)
  // Legacy clients send "" or null for fields they leave unset, and fields and
  // parameters no route declares (echoed records, cache busters): the first
  // mean absent, the second are ignored, counted and logged at debug level.
  fastify.addHook('preValidation', async (request) => {
    dropBlankFields(request.body)
    dropBlankFields(request.query)
    const schema = request.routeOptions.schema
    for (const [location, input, declared] of [
      ['body', request.body, schema?.body],
      ['query', request.query, schema?.querystring],
    ] as const) {
      const unknown = unknownFields(input, declared)
      if (unknown.length === 0) continue
      fastify.metrics.unknownFields.inc({ route: request.routeOptions.url ?? 'unknown', location }, unknown.length)
      request.log.debug({ location, fields: unknown.slice(0, 20) }, 'unknown fields ignored')
    }
  })
  fastify.addHook('preHandler', async (request) => {
    const field = nonFiniteField(request.body) ?? nonFiniteField(request.query)
    if (field) throw invalid(`参数 ${field} 不是有效的数字`, `Parameter ${field} is not a valid number`)
  })
  await fastify.register(swaggerPlugin)
  await fastify.register(dbPlugin)
  await fastify.register(mailerPlugin)
  await fastify.register(jobQueuePlugin)
  await fastify.register(appPlugins)
  await fastify.register(routes)
}

export default fp(app, { name: 'core-api' })
