import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import fp from 'fastify-plugin'
import {
  drainHooks,
  formBodies,
  jsonBodies,
  loggerOptions as kitLoggerOptions,
  registerInOrder,
  sendEnvelope,
  serverOptions,
} from '@rpt/server-kit'
import type { Config } from './platform/config.ts'
import envelope, { resolveLang } from './platform/http/envelope.ts'
import bareDialect, { bareRewriter } from './platform/http/bare-dialect.ts'
import { dropBlankFields, nonFiniteField, unknownFields } from './platform/http/legacy-input.ts'
import { catalogue, invalid } from './platform/errors.ts'
import configPlugin from './platform/config-plugin.ts'
import mailerPlugin from './platform/mail/mailer.ts'
import dbPlugin from './platform/db/plugin.ts'
import jobQueuePlugin from './platform/jobs/job-queue.ts'
import swaggerPlugin from './platform/http/swagger.ts'
import appPlugins from './modules/index.ts'
import routes from './modules/routes.ts'

/** Options that must be set when the Fastify instance is created, shared by server.ts and the tests. */
export function fastifyOptions(config: Config): FastifyServerOptions {
  return {
    // A tolerant reader, as the legacy backend was: unknown fields are
    // dropped (and counted), numeric strings coerced; a known field of the
    // wrong type or out of range is still refused, naming it. Every visitor
    // reaches this API through the BFF; its X-Forwarded-For names them.
    ...serverOptions(config, {
      removeAdditional: true,
      badUrl: (request, reply) => {
        const entry = catalogue.INVALID_PARAMETER
        void sendEnvelope(reply, entry.status, entry.code, entry[resolveLang(request)])
      },
    }),
    // The earlier backend's clients call the same routes under LEGACY_BARE_PREFIX (platform/http/bare-dialect.ts).
    rewriteUrl: bareRewriter(config.LEGACY_BARE_PREFIX),
    // A first start migrates and seeds (rendering the sample PDFs) inside the
    // db plugin; on a slow or busy machine that outlasts Fastify's 10 s default.
    pluginTimeout: 180_000,
  }
}

/** The logger of server.ts, shared with the tests that read what it writes. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] & object {
  return kitLoggerOptions(config.LOG_LEVEL, {
    serializers: {
      // The envelope's code beside the HTTP status: failures of the contract are answered with HTTP 200.
      res: (reply: { statusCode: number; outcomeCode?: number }) => ({ statusCode: reply.statusCode, code: reply.outcomeCode }),
    },
  })
}

export interface AppOptions {
  config: Config
}

async function app(fastify: FastifyInstance, options: AppOptions) {
  await fastify.register(configPlugin, { config: options.config })
  await registerInOrder(fastify, [drainHooks, envelope, bareDialect])
  // JSON and form bodies kept as text beside the parsed value: payment notifications are verified over those bytes.
  jsonBodies(fastify, { keepRaw: true })
  formBodies(fastify)
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
  await registerInOrder(fastify, [swaggerPlugin, dbPlugin, mailerPlugin, jobQueuePlugin, appPlugins, routes])
}

export default fp(app, { name: 'core-api' })
