import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { TSchema } from 'typebox'
import { Envelope, ErrorEnvelope, SUCCESS_CODE } from '@rpt/contract'
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

interface ValidationIssue {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
  message?: string
}

function fieldName(issue: ValidationIssue): string {
  const missing = issue.params.missingProperty ?? issue.params.additionalProperty
  const segments = issue.instancePath.split('/').filter(Boolean)
  if (typeof missing === 'string') segments.push(missing)
  return segments.join('.') || 'body'
}

/** Turns the first schema violation into a sentence in the user's language. */
export function describeValidation(issue: ValidationIssue, lang: Lang): string {
  const field = fieldName(issue)
  const p = issue.params
  const zh = lang === 'zh-CN'
  switch (issue.keyword) {
    case 'required':
      return zh ? `缺少必填参数：${field}` : `Missing required parameter: ${field}`
    case 'additionalProperties':
      return zh ? `不支持的参数：${field}` : `Unknown parameter: ${field}`
    case 'type':
      return zh ? `参数 ${field} 的类型应为 ${String(p.type)}` : `Parameter ${field} must be of type ${String(p.type)}`
    case 'maxLength':
      return zh ? `参数 ${field} 不能超过 ${String(p.limit)} 个字符` : `Parameter ${field} must be at most ${String(p.limit)} characters`
    case 'minLength':
      return zh ? `参数 ${field} 不能少于 ${String(p.limit)} 个字符` : `Parameter ${field} must be at least ${String(p.limit)} characters`
    case 'maximum':
      return zh ? `参数 ${field} 不能大于 ${String(p.limit)}` : `Parameter ${field} must be at most ${String(p.limit)}`
    case 'minimum':
      return zh ? `参数 ${field} 不能小于 ${String(p.limit)}` : `Parameter ${field} must be at least ${String(p.limit)}`
    case 'maxItems':
      return zh ? `参数 ${field} 最多 ${String(p.limit)} 项` : `Parameter ${field} must have at most ${String(p.limit)} items`
    case 'pattern':
    case 'format':
      return zh ? `参数 ${field} 的格式不正确` : `Parameter ${field} has an invalid format`
    case 'enum':
    case 'const':
    case 'anyOf':
      return zh ? `参数 ${field} 的取值不正确` : `Parameter ${field} has an invalid value`
    default:
      return zh ? `参数 ${field} 不正确` : `Parameter ${field} is invalid`
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer failures with their HTTP status (health checks, the mailed download links), not 200 as the contract does */
    keepHttpStatus?: boolean
  }
  interface FastifyReply {
    /** The envelope's code of this answer, for logs and metrics (HTTP 200 carries failures too) */
    outcomeCode: number
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

function send(reply: FastifyReply, status: number, code: number, msg: string) {
  reply.outcomeCode = code
  // Serialized here: the route's 200 schema describes its success data, not this.
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ code, msg, data: null }))
}

/** Answers a catalogue entry without the error handler (and its error log): for outcomes that are expected. */
export function sendKey(reply: FastifyReply, key: ErrorKey, lang: Lang, msg?: string) {
  const entry = catalogue[key]
  return send(reply, statusFor(reply, key, entry.status), entry.code, msg ?? entry[lang])
}

const FRAMEWORK_ERRORS: Record<string, ErrorKey> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_PARAMETER',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_PARAMETER',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_PARAMETER',
  FST_ERR_BAD_URL: 'INVALID_PARAMETER',
  FST_ERR_ASYNC_CONSTRAINT: 'INVALID_PARAMETER',
}

const MALFORMED_JSON: Record<Lang, string> = {
  'zh-CN': '请求体不是有效的 JSON',
  'en-US': 'The request body is not valid JSON',
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
      return send(reply, statusFor(reply, error.key, error.status), error.code, error.messageIn(lang))
    }
    if (error.validation && error.validation.length > 0) {
      return sendKey(reply, 'INVALID_PARAMETER', lang, describeValidation(error.validation[0] as ValidationIssue, lang))
    }
    const mapped = error.code ? FRAMEWORK_ERRORS[error.code] : undefined
    if (mapped) {
      const malformed = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
      return sendKey(reply, mapped, lang, malformed ? MALFORMED_JSON[lang] : undefined)
    }
    if (error instanceof SyntaxError) return sendKey(reply, 'INVALID_PARAMETER', lang, MALFORMED_JSON[lang])
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status === 429) return sendKey(reply, 'TOO_MANY_REQUESTS', lang)
    if (status >= 400 && status < 500)
      return send(reply, statusFor(reply, undefined, status), catalogue.INVALID_PARAMETER.code, catalogue.INVALID_PARAMETER[lang])
    // Anything else is our fault: log it whole, answer without internals.
    request.log.error({ err: error }, 'unhandled error')
    return sendKey(reply, 'SYSTEM_EXCEPTION', lang)
  })

  // An unknown path is no outcome of the contract: it keeps its 404.
  app.setNotFoundHandler((request, reply) => send(reply, 404, catalogue.NOT_FOUND.code, catalogue.NOT_FOUND[resolveLang(request)]))
  app.decorateReply('outcomeCode', SUCCESS_CODE)
}

export default fp(envelopePlugin, { name: 'envelope' })
