import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import type { TSchema } from 'typebox'
import { Envelope, ErrorEnvelope, SUCCESS_CODE } from '@rpt/contract'
import { UpstreamError } from '../upstream/core-client.ts'
import { requestLang, type Lang } from './locale.ts'

// The one place that answers in the {code, msg, data} envelope for the BFF
// itself (the envelope's schemas and codes are the contract's, @rpt/contract):
// the catalogue of its own failures in both languages, and the mapping of
// every error to an envelope. Codes the core API already uses keep their
// meaning; none is reused for something else.

interface CatalogueEntry {
  code: number
  status: number
  'zh-CN': string
  'en-US': string
}

export const catalogue = {
  INVALID_PARAMETER: { code: 100001, status: 400, 'zh-CN': '请求参数错误', 'en-US': 'Invalid request parameters' },
  NOT_FOUND: { code: 404, status: 404, 'zh-CN': '请求的资源不存在', 'en-US': 'The requested resource was not found.' },
  /** Added: a state-changing request that did not come from the site itself */
  CROSS_SITE: {
    code: 403,
    status: 403,
    'zh-CN': '请求来源不受信任，已拒绝',
    'en-US': 'The request did not come from this site and was refused.',
  },
  OPS_UNAUTHORIZED: { code: 401, status: 401, 'zh-CN': '运维令牌无效', 'en-US': 'Invalid operations token.' },
  PAYLOAD_TOO_LARGE: { code: 413, status: 413, 'zh-CN': '请求内容过大', 'en-US': 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { code: 415, status: 415, 'zh-CN': '不支持的请求内容类型', 'en-US': 'Unsupported content type.' },
  TOO_MANY_REQUESTS: { code: 429, status: 429, 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'Too many requests. Please try again later.' },
  UPSTREAM_UNAVAILABLE: {
    code: 5002,
    status: 502,
    'zh-CN': '服务暂时不可用，请稍后再试',
    'en-US': 'The service is temporarily unavailable. Please try again later.',
  },
  UPSTREAM_TIMEOUT: {
    code: 5002,
    status: 504,
    'zh-CN': '服务响应超时，请稍后再试',
    'en-US': 'The service took too long to answer. Please try again later.',
  },
  /** Added: readiness: the core API does not answer ready */
  NOT_READY: {
    code: 503,
    status: 503,
    'zh-CN': '服务尚未就绪，请稍后再试',
    'en-US': 'The service is not ready yet. Please try again shortly.',
  },
  SYSTEM_EXCEPTION: { code: 900001, status: 500, 'zh-CN': '系统异常，请稍后再试', 'en-US': 'System exception. Please try again later.' },
} as const satisfies Record<string, CatalogueEntry>

export type ErrorKey = keyof typeof catalogue

/** A failure the browser is meant to see; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly code: number
  readonly status: number

  constructor(
    readonly key: ErrorKey,
    readonly headers: Record<string, string | number> = {},
    /** A message more precise than the catalogue's (naming the field at fault), in the request's language */
    readonly describe?: (lang: Lang) => string,
  ) {
    super(describe?.('en-US') ?? catalogue[key]['en-US'])
    this.name = 'AppError'
    this.code = catalogue[key].code
    this.status = catalogue[key].status
  }
}

/** Response schemas for a route: 200 with the given data, and the error envelopes it may answer. */
export function responses<T extends TSchema>(data: T) {
  return { 200: Envelope(data), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope }
}

const SUCCESS_MSG: Record<Lang, string> = { 'zh-CN': '操作成功', 'en-US': 'success' }

export function ok<T>(lang: Lang, data: T) {
  return { code: SUCCESS_CODE, msg: SUCCESS_MSG[lang], data }
}

export function errorBody(key: ErrorKey, lang: Lang, msg?: string) {
  return { code: catalogue[key].code, msg: msg ?? catalogue[key][lang], data: null }
}

declare module 'fastify' {
  interface FastifyReply {
    /** The envelope's code of this answer, for logs and metrics (HTTP 200 carries failures too) */
    outcomeCode: number
  }
}

/**
 * Failures that are outcomes of the legacy contract (a validation, a server
 * error): on the contract's paths (the core API through /api, and the page
 * payloads) they come with HTTP 200 and the outcome in code, as the legacy
 * backend answered them. What the gateway refuses for its own reasons (a
 * cross-site write, a rate limit, a body too large, an unknown path, a bad
 * ops token) keeps its status.
 */
const CONTRACT_OUTCOMES: ReadonlySet<ErrorKey> = new Set([
  'INVALID_PARAMETER',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_TIMEOUT',
  'SYSTEM_EXCEPTION',
])

export function onContractPath(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/bff/pages/')
}

/** The HTTP status an error answer goes out with on this URL. */
export function statusFor(key: ErrorKey, url: string): number {
  return CONTRACT_OUTCOMES.has(key) && onContractPath(url) ? 200 : catalogue[key].status
}

export function sendError(reply: FastifyReply, key: ErrorKey, lang: Lang, msg?: string) {
  reply.outcomeCode = catalogue[key].code
  return reply
    .status(statusFor(key, reply.request.url))
    .type('application/json; charset=utf-8')
    .send(errorBody(key, lang, msg))
}

interface ValidationIssue {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
}

/** The first schema violation as a sentence naming the field, in the user's language. */
export function describeValidation(issue: ValidationIssue, lang: Lang): string {
  const missing = issue.params.missingProperty ?? issue.params.additionalProperty
  const segments = issue.instancePath.split('/').filter(Boolean)
  if (typeof missing === 'string') segments.push(missing)
  const field = segments.join('.') || 'body'
  const zh = lang === 'zh-CN'
  switch (issue.keyword) {
    case 'required':
      return zh ? `缺少必填参数：${field}` : `Missing required parameter: ${field}`
    case 'additionalProperties':
      return zh ? `不支持的参数：${field}` : `Unknown parameter: ${field}`
    case 'type':
      return zh
        ? `参数 ${field} 的类型应为 ${String(issue.params.type)}`
        : `Parameter ${field} must be of type ${String(issue.params.type)}`
    case 'maxLength':
    case 'maximum':
      return zh
        ? `参数 ${field} 超出上限 ${String(issue.params.limit)}`
        : `Parameter ${field} exceeds its limit of ${String(issue.params.limit)}`
    case 'minLength':
    case 'minimum':
      return zh
        ? `参数 ${field} 低于下限 ${String(issue.params.limit)}`
        : `Parameter ${field} is below its minimum of ${String(issue.params.limit)}`
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

const FRAMEWORK_ERRORS: Record<string, ErrorKey> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_PARAMETER',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_PARAMETER',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_PARAMETER',
  FST_ERR_BAD_URL: 'INVALID_PARAMETER',
  // @fastify/reply-from's failures reaching the core API
  FST_REPLY_FROM_TIMEOUT: 'UPSTREAM_TIMEOUT',
  FST_REPLY_FROM_GATEWAY_TIMEOUT: 'UPSTREAM_TIMEOUT',
  UND_ERR_CONNECT_TIMEOUT: 'UPSTREAM_TIMEOUT',
  FST_REPLY_FROM_SERVICE_UNAVAILABLE: 'UPSTREAM_UNAVAILABLE',
  ECONNRESET: 'UPSTREAM_UNAVAILABLE',
  UND_ERR_SOCKET: 'UPSTREAM_UNAVAILABLE',
  FST_REPLY_FROM_BAD_GATEWAY: 'UPSTREAM_UNAVAILABLE',
  FST_REPLY_FROM_INTERNAL_SERVER_ERROR: 'UPSTREAM_UNAVAILABLE',
}

/** Maps any error to the catalogue entry the browser sees. */
export function classify(error: FastifyError | AppError | UpstreamError): { key: ErrorKey; msg?: (lang: Lang) => string } {
  if (error instanceof AppError) return error.describe ? { key: error.key, msg: error.describe } : { key: error.key }
  if (error instanceof UpstreamError) return { key: error.key }
  if (error.validation && error.validation.length > 0) {
    const issue = error.validation[0] as ValidationIssue
    return { key: 'INVALID_PARAMETER', msg: (lang) => describeValidation(issue, lang) }
  }
  const mapped = error.code ? FRAMEWORK_ERRORS[error.code] : undefined
  if (mapped) return { key: mapped }
  if (error instanceof SyntaxError) return { key: 'INVALID_PARAMETER' }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500
  if (status === 429) return { key: 'TOO_MANY_REQUESTS' }
  if (status === 404) return { key: 'NOT_FOUND' }
  if (status >= 400 && status < 500) return { key: 'INVALID_PARAMETER' }
  return { key: 'SYSTEM_EXCEPTION' }
}

async function envelopePlugin(app: FastifyInstance) {
  app.decorateReply('outcomeCode', SUCCESS_CODE)
  app.setErrorHandler((error: FastifyError | AppError | UpstreamError, request, reply) => {
    const lang = requestLang(request)
    const { key, msg } = classify(error)
    if (key === 'SYSTEM_EXCEPTION') request.log.error({ err: error }, 'unhandled error')
    else if (catalogue[key].status >= 500) request.log.warn({ err: error }, 'upstream failure')
    if (error instanceof AppError) for (const [name, value] of Object.entries(error.headers)) reply.header(name, value)
    return sendError(reply, key, lang, msg?.(lang))
  })
}

export default fp(envelopePlugin, { name: 'envelope', dependencies: ['cookie'] })
