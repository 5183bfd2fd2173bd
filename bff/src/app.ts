import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import fp from 'fastify-plugin'
import { drainHooks, jsonBodies, loggerOptions as kitLoggerOptions, registerInOrder, serverOptions } from '@rpt/server-kit'
import type { Config } from './config.ts'
import envelope, { sendError } from './http/envelope.ts'
import { requestLang } from './http/locale.ts'
import appPlugins from './plugins/app/index.ts'
import compressPlugin from './plugins/external/compress.ts'
import configPlugin from './plugins/external/config.ts'
import cookiePlugin from './plugins/external/cookie.ts'
import helmetPlugin from './plugins/external/helmet.ts'
import rateLimitPlugin from './plugins/external/rate-limit.ts'
import redisPlugin from './plugins/external/redis.ts'
import proxies from './proxy/index.ts'
import routes from './routes/index.ts'

/** The logger of server.ts, shared with the tests that read what it writes. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] & object {
  // The ops token and the session cookie the BFF sets never reach the log either.
  return kitLoggerOptions(config.LOG_LEVEL, { redact: ['req.headers["x-ops-token"]', 'res.headers["set-cookie"]'] })
}

/** Options that must be set when the Fastify instance is created, shared by server.ts and the tests. */
export function fastifyOptions(config: Config): FastifyServerOptions {
  // The ops API refuses unknown settings by name; the contract's calls pass through to the core API, which ignores unknown fields.
  return serverOptions(config, {
    removeAdditional: false,
    badUrl: (request, reply) => void sendError(reply, 'INVALID_PARAMETER', requestLang(request)),
  })
}

export interface AppOptions {
  config: Config
}

async function app(fastify: FastifyInstance, options: AppOptions) {
  await fastify.register(configPlugin, { config: options.config })
  // The envelope reads the cookies' language.
  await registerInOrder(fastify, [drainHooks, cookiePlugin, envelope])
  jsonBodies(fastify)
  await registerInOrder(fastify, [redisPlugin, helmetPlugin, compressPlugin, rateLimitPlugin, appPlugins, proxies, routes])
  // Unknown paths are limited too: probing for them is how scanners work.
  fastify.setNotFoundHandler(async (request, reply) => {
    await fastify.limits.enforce(request, 'notFound')
    return sendError(reply, 'NOT_FOUND', requestLang(request))
  })
}

export default fp(app, { name: 'bff' })
