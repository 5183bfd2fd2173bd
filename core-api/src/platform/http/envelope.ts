import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { TSchema } from 'typebox'
import { Envelope, ErrorEnvelope, SUCCESS_CODE } from '@rpt/contract'
import { classifyFrameworkError, INITIAL_OUTCOME, sendEnvelope } from '@rpt/server-kit'
import { AppError, catalogue, DEFAULT_LANG, isLang, type ErrorKey, type Lang } from '../errors.ts'
import { isBare } from './bare-dialect.ts'

// The one place that answers in the {code, msg, data} envelope (its schemas
// and codes are the contract's, @rpt/contract): the route response helper,
// the success helper, and the mapping of every failure to an envelope.

/** Response schemas for a route: 200 with the given data, and the error envelopes it may answer. */
export function responses<T extends TSchema>(data: T) {
  return {
    // A failure of the contract comes with HTTP 200 too, as the error envelope (code ≠ 200, data null).
    200: {
      ...Envelope(data),
      description: 'The outcome in code: 200 with data, or a failure of the contract with data null (both with HTTP 200)',
    },
    '4xx': ErrorEnvelope,
    '5xx': ErrorEnvelope,
  }
}

const SUCCESS_MSG: Record<Lang, string> = { 'zh-CN': '操作成功', 'en-US': 'success' }

export function ok<T>(lang: Lang, data: T) {
  return { code: SUCCESS_CODE, msg: SUCCESS_MSG[lang], data }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's interface language: its lang field, else Accept-Language, else zh-CN */
    lang: Lang
  }
}

function langFromAcceptLanguage(header: string | undefined): Lang | undefined {
  if (!header) return undefined
  const first = header.split(',')[0]?.trim().toLowerCase() ?? ''
  if (first.startsWith('en')) return 'en-US'
  if (first.startsWith('zh')) return 'zh-CN'
  return undefined
}

/**
 * Reads lang leniently, before validation has run, so that even a request that
 * fails validation is answered in its own language.
 */
export function resolveLang(request: FastifyRequest): Lang {
  const body = request.body as Record<string, unknown> | undefined
  const query = request.query as Record<string, unknown> | undefined
  const candidate = (body && typeof body === 'object' ? body.lang : undefined) ?? query?.lang
  if (isLang(candidate)) return candidate
  return langFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANG
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer failures with their HTTP status (health checks, the mailed download links), not 200 as the contract does */
    keepHttpStatus?: boolean
  }
}

/**
 * The legacy backend answered every outcome of its contract with HTTP 200,
 * the outcome in `code`; clients written against it (axios with default
 * settings) treat any other status as a network failure and never read the
 * envelope. Only what cannot be an outcome of the contract keeps its status:
 * the transport refused the request before any route could answer it.
 */
const TRANSPORT_FAILURES: ReadonlySet<ErrorKey> = new Set([
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'RANGE_NOT_SATISFIABLE',
  'NOT_READY',
])

function statusFor(reply: FastifyReply, key: ErrorKey | undefined, status: number): number {
  if (reply.request.routeOptions.config?.keepHttpStatus || (key !== undefined && TRANSPORT_FAILURES.has(key))) return status
  // Clients of the earlier backend's bare dialect tell a failure by its status (bare-dialect.ts).
  if (isBare(reply.request)) return status
  return 200
}

/** Answers a catalogue entry without the error handler (and its error log): for outcomes that are expected. */
export function sendKey(reply: FastifyReply, key: ErrorKey, lang: Lang, msg?: string) {
  const entry = catalogue[key]
  return sendEnvelope(reply, statusFor(reply, key, entry.status), entry.code, msg ?? entry[lang])
}

async function envelopePlugin(app: FastifyInstance) {
  app.decorateRequest('lang', DEFAULT_LANG)
  app.addHook('onRequest', async (request) => {
    request.lang = resolveLang(request)
  })
  // The body is parsed only after onRequest; read its lang once it exists.
  app.addHook('preValidation', async (request) => {
    request.lang = resolveLang(request)
  })

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = resolveLang(request)
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed')
      return sendEnvelope(reply, statusFor(reply, error.key, error.status), error.code, error.messageIn(lang))
    }
    // The framework's own refusals, worded as the BFF words them (@rpt/server-kit).
    const { key, status, msg } = classifyFrameworkError(error)
    if (key === 'SYSTEM_EXCEPTION') request.log.error({ err: error }, 'unhandled error')
    const entry = catalogue[key]
    return sendEnvelope(reply, statusFor(reply, status === entry.status ? key : undefined, status), entry.code, msg?.(lang) ?? entry[lang])
  })

  // An unknown path is no outcome of the contract: it keeps its 404.
  app.setNotFoundHandler((request, reply) => sendEnvelope(reply, 404, catalogue.NOT_FOUND.code, catalogue.NOT_FOUND[resolveLang(request)]))
  app.decorateReply('outcomeCode', INITIAL_OUTCOME)
}

export default fp(envelopePlugin, { name: 'envelope' })
