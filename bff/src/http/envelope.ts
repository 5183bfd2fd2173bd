import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import type { TSchema } from 'typebox'
import { Envelope, ErrorEnvelope, SUCCESS_CODE } from '@rpt/contract'
import { classifyFrameworkError, clientErrors, INITIAL_OUTCOME, sendEnvelope, type CatalogueEntry } from '@rpt/server-kit'
import { UpstreamError } from '../upstream/core-client.ts'
import ownErrors from './error-catalogue.json' with { type: 'json' }
import { requestLang, type Lang } from './locale.ts'

// The one place that answers in the {code, msg, data} envelope for the BFF
// itself (the envelope's schemas and codes are the contract's, @rpt/contract):
// the catalogue of its own failures in both languages, and the mapping of
// every error to an envelope. Codes the core API already uses keep their
// meaning; none is reused for something else.

/**
 * What the framework refuses, with the same codes and words as the core API's
 * (@rpt/server-kit), and the BFF's own failures (error-catalogue.json): a
 * state-changing request that did not come from the site itself, a bad ops
 * token, the core API unreachable or too slow.
 */
export const catalogue = { ...clientErrors, ...ownErrors } satisfies Record<string, CatalogueEntry>

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
  return sendEnvelope(reply, statusFor(key, reply.request.url), catalogue[key].code, msg ?? catalogue[key][lang])
}

/** @fastify/reply-from's failures reaching the core API */
const UPSTREAM_ERRORS: Record<string, ErrorKey> = {
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
  const upstream = error.code ? UPSTREAM_ERRORS[error.code] : undefined
  if (upstream) return { key: upstream }
  // An unknown route's 404 (the framework calls any other 4xx an invalid request).
  if (error.statusCode === 404 && !error.validation) return { key: 'NOT_FOUND' }
  const { key, msg } = classifyFrameworkError(error)
  return msg ? { key, msg } : { key }
}

async function envelopePlugin(app: FastifyInstance) {
  app.decorateReply('outcomeCode', INITIAL_OUTCOME)
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
