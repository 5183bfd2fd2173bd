import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply } from 'fastify'
import { describeValidation, MALFORMED_JSON_MESSAGE, SUCCESS_CODE, type ValidationIssue } from '@rpt/contract'
import clientErrorRows from './client-errors.json' with { type: 'json' }

// The client-error envelope both services answer with: what Fastify and
// Node's HTTP parser refuse (a schema violation, a body that does not parse,
// an unknown path, a header too large) becomes {code, msg, data: null} in the
// caller's language, with the same codes and words from either tier.

export type Lang = 'zh-CN' | 'en-US'

export interface CatalogueEntry {
  readonly code: number
  readonly status: number
  readonly 'zh-CN': string
  readonly 'en-US': string
}

/**
 * The failures both services answer for the framework itself (client-errors.json): the legacy
 * contract's system exception (product spec section 8), and codes added beside the legacy ones
 * (validation 100001, whose msg names the field and rule; an unknown path or missing record;
 * a body too large or of an unsupported type; a rate limit; readiness).
 */
export const clientErrors: Readonly<Record<keyof typeof clientErrorRows, CatalogueEntry>> = clientErrorRows

export type ClientErrorKey = keyof typeof clientErrors

declare module 'fastify' {
  interface FastifyReply {
    /** The envelope's code of this answer, for logs and metrics (HTTP 200 carries failures too) */
    outcomeCode: number
  }
}

/** The envelope code a reply starts with (decorateReply('outcomeCode', …)); a failure's answer replaces it. */
export const INITIAL_OUTCOME = SUCCESS_CODE

/** Answers a failure's envelope. Serialized here: a route's response schema describes its success, not this. */
export function sendEnvelope(reply: FastifyReply, status: number, code: number, msg: string): FastifyReply {
  reply.outcomeCode = code
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ code, msg, data: null }))
}

const FRAMEWORK_ERRORS: Readonly<Record<string, ClientErrorKey>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_PARAMETER',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_PARAMETER',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_PARAMETER',
  FST_ERR_BAD_URL: 'INVALID_PARAMETER',
  FST_ERR_ASYNC_CONSTRAINT: 'INVALID_PARAMETER',
}

const MALFORMED_JSON_CODES = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY'])

export interface ClientErrorAnswer {
  key: ClientErrorKey
  /** The HTTP status the failure came with: the entry's, or a 4xx of the framework's own that has no entry */
  status: number
  /** A message more precise than the entry's (the field and rule at fault), in the caller's language */
  msg?: (lang: Lang) => string
}

/**
 * What an error the framework raised (not one of the service's own) means to
 * the caller: a schema violation names its field and rule, a body that does
 * not parse says so, a limit or an unsupported body keeps its code; any other
 * 4xx is an invalid request, anything else the service's fault.
 */
export function classifyFrameworkError(error: FastifyError): ClientErrorAnswer {
  const issue = error.validation?.[0] as ValidationIssue | undefined
  if (issue) return { key: 'INVALID_PARAMETER', status: 400, msg: (lang) => describeValidation(issue, lang) }
  const malformed = error instanceof SyntaxError || (error.code !== undefined && MALFORMED_JSON_CODES.has(error.code))
  const key = (error.code ? FRAMEWORK_ERRORS[error.code] : undefined) ?? (malformed ? 'INVALID_PARAMETER' : undefined)
  if (key) return { key, status: clientErrors[key].status, ...(malformed ? { msg: (lang: Lang) => MALFORMED_JSON_MESSAGE[lang] } : {}) }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500
  if (status === 429) return { key: 'TOO_MANY_REQUESTS', status }
  if (status >= 400 && status < 500) return { key: 'INVALID_PARAMETER', status }
  return { key: 'SYSTEM_EXCEPTION', status: 500 }
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers or
 * URL too large, malformed request line) is answered with the envelope too,
 * in the default language since nothing of the request can be read.
 */
export function envelopeClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, entry] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, clientErrors.INVALID_PARAMETER]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, clientErrors.PAYLOAD_TOO_LARGE]
        : [400, clientErrors.INVALID_PARAMETER]
  const body = JSON.stringify({ code: entry.code, msg: entry['zh-CN'], data: null })
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}
