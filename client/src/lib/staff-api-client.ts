// The staff console's side of the one API client (api-client.ts): the same request and envelope handling, on the BFF's /staff-api.
import type { CorePath, DataOf, Envelope, InputOf } from '@rpt/contract'
import type { CallMethod } from '@rpt/contract/call-address'
import {
  ApiError,
  isSuccessCode,
  notifyFailure,
  requestLocale,
  requestVia,
  SERVER_ERROR_CODES,
  type Channel,
  type Query,
  type RequestOptions,
} from './api-client'
import { translate } from './intl'
import type { Locale } from './locale'

// The staff console (the publisher's own staff, never readers) talks only to
// the BFF's /staff-api, which maps 1:1 to the core API's /staff/* calls of the contract: the path is the
// core's without its /staff prefix. Its refusals are HTTP 4xx envelopes whose
// msg is already in the caller's language; a session that ended (300002,
// 300003) is the console's to handle (it shows the sign-in), not the site's.

export const STAFF_API_BASE = '/staff-api'

/** Not signed in, or the session ended (idle 30 minutes, signed out elsewhere): sign in again. */
export const STAFF_SIGNED_OUT_CODES: readonly number[] = [300002, 300003]
/** A save based on an older version than the stored one. */
export const STAFF_VERSION_CONFLICT = 300101

/** The names of a path's :params ('/staff/reports/:code' → 'code'). */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never
export type PathParams<P extends string> = { [K in PathParamNames<P>]: string }

/** The BFF address of a core staff path, its :params filled in (encoded). */
export function staffUrl(path: string, params: Record<string, string> = {}): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${path}`)
    return encodeURIComponent(value)
  })
  return `${STAFF_API_BASE}${filled.replace(/^\/staff(?=\/|$)/, '')}`
}

function staffFail(code: number, text: string, status: number, options: RequestOptions = {}): never {
  if (!options.silent && !STAFF_SIGNED_OUT_CODES.includes(code)) notifyFailure(text)
  throw new ApiError(code, text, status)
}

const staffMessage = (code: number, serverMsg: string | null | undefined, locale: Locale): string =>
  SERVER_ERROR_CODES.includes(code) && !serverMsg?.trim()
    ? translate(locale, 'error.server')
    : serverMsg?.trim() || translate(locale, 'error.generic')

const STAFF: Channel = { url: (path) => path, fail: staffFail, message: staffMessage }

type StaffArgs<P extends CorePath> = [PathParamNames<P>] extends [never]
  ? [params: Record<string, never> | undefined, input?: InputOf<P>, options?: RequestOptions]
  : [params: PathParams<P>, input?: InputOf<P>, options?: RequestOptions]

/** Makes a staff call of the contract through the BFF: method, path and types from the table. */
export function staffCall<P extends CorePath, R = DataOf<P>>(
  call: { readonly method: CallMethod; readonly path: P },
  ...[params, input, options = {}]: StaffArgs<P>
): Promise<R> {
  return requestVia<R>(STAFF, call.method, staffUrl(call.path, params ?? {}), input, options)
}

export interface UploadOptions {
  /** Called as the body goes out: bytes sent of total. */
  onProgress?: (sent: number, total: number) => void
  signal?: AbortSignal
  /** PUT (a file as the raw body, the default) or POST (a multipart form, as importReports takes) */
  method?: 'PUT' | 'POST'
}

/**
 * Sends a file as the raw request body, or a multipart form (the BFF streams
 * either on), with upload progress: fetch cannot report it, XMLHttpRequest's
 * upload events can.
 */
export function staffUpload<T>(
  url: string,
  query: Query,
  body: Blob | FormData,
  { onProgress, signal, method = 'PUT' }: UploadOptions = {},
): Promise<T> {
  const locale = requestLocale()
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  search.set('lang', locale)
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, `${url}?${search.toString()}`)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest')
    // A form's type carries its boundary: the browser sets it.
    if (body instanceof Blob) xhr.setRequestHeader('Content-Type', body.type || 'application/octet-stream')
    xhr.upload.onprogress = (event) =>
      onProgress?.(event.loaded, event.lengthComputable ? event.total : body instanceof Blob ? body.size : 0)
    const fail = (code: number, text: string, status: number) => {
      try {
        staffFail(code, text, status)
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    }
    xhr.onerror = () => fail(0, translate(locale, 'error.network'), 0)
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'))
    xhr.onload = () => {
      let envelope: Envelope<T> | undefined
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<T>
      } catch {
        envelope = undefined
      }
      const ok = xhr.status >= 200 && xhr.status < 300
      if (envelope && typeof envelope === 'object' && isSuccessCode(envelope.code) && ok) return resolve(envelope.data)
      const code = envelope && !isSuccessCode(envelope.code) ? Number(envelope.code) : xhr.status
      fail(code, staffMessage(code, envelope?.msg, locale), xhr.status)
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(body)
  })
}
