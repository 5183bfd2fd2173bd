import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from './config.ts'
import envelope, { sendError } from './http/envelope.ts'
import { requestLang } from './http/locale.ts'
import appPlugins from './plugins/app/index.ts'
import compressPlugin from './plugins/external/compress.ts'
import configPlugin from './plugins/external/config.ts'
import cookiePlugin from './plugins/external/cookie.ts'
import helmetPlugin from './plugins/external/helmet.ts'
import proxyPlugin from './plugins/external/proxy.ts'
import rateLimitPlugin from './plugins/external/rate-limit.ts'
import redisPlugin from './plugins/external/redis.ts'
import routes from './routes/index.ts'

/** Options that must be set when the Fastify instance is created, shared by server.ts and the tests. */
export function fastifyOptions(config: Config): FastifyServerOptions {
  return {
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // Unknown fields are refused, as the core API refuses them, not silently dropped.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false } },
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    return503OnClosing: true,
  }
}

export interface AppOptions {
  config: Config
}

async function app(fastify: FastifyInstance, options: AppOptions) {
  await fastify.register(configPlugin, { config: options.config })
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
