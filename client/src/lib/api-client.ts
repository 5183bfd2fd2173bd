import type { CorePath, DataOf, Envelope, InputOf, LoginExpiredCode, ServerErrorCode } from '@rpt/contract'
import type { CallMethod } from '@rpt/contract/call-address'
import { websiteUserCalls } from '@rpt/contract/site-calls'
import { hasMessage, translate } from './intl'
import { localeFromPath, type Locale } from './locale'
import { clearSessionUser } from './session'
import { showToast } from './toast'

// The one place that talks HTTP. It unwraps the {code, msg, data} envelope
// and applies the error catalogue of the spec (section 8), so screens only
// ever see data or an ApiError whose message has already been shown.

export const API_BASE = '/api'

export class ApiError extends Error {
  readonly code: number
  readonly status: number
  constructor(code: number, message: string, status: number) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.status = status
  }
}

export interface ApiClientHooks {
  getLocale(): Locale
  notify(text: string): void
  /** Session expired: the user state is already cleared; go home. */
  onSessionExpired(): void
}

const defaultHooks: ApiClientHooks = {
  getLocale: () => (typeof window === 'undefined' ? 'zh-CN' : localeFromPath(window.location.pathname)),
  notify: (text) => showToast(text, 'error'),
  onSessionExpired: () => {
    if (typeof window !== 'undefined' && window.location.pathname !== '/') {
      window.history.replaceState(null, '', '/')
      window.dispatchEvent(new PopStateEvent('popstate'))
    }
  },
}

let hooks: ApiClientHooks = defaultHooks

export function configureApiClient(overrides: Partial<ApiClientHooks>): void {
  hooks = { ...defaultHooks, ...overrides }
}

// The contract's codes, checked against its types (only types: of the
// contract, only its table of call paths is bundled). 900001, a server error too, has a message of its
// own (error.code.900001).
export const SESSION_EXPIRED_CODES: readonly number[] = [-400, 5001] satisfies LoginExpiredCode[]
export const SERVER_ERROR_CODES: readonly number[] = [500, 5002] satisfies ServerErrorCode[]

/** The message to show for a failed envelope, in the interface language. */
export function messageForCode(code: number, serverMsg: string | null | undefined, locale: Locale): string {
  if (SESSION_EXPIRED_CODES.includes(code)) return translate(locale, 'error.loginExpired')
  if (SERVER_ERROR_CODES.includes(code)) return serverMsg?.trim() || translate(locale, 'error.server')
  const id = `error.code.${code}`
  if (hasMessage(id)) return translate(locale, id)
  return serverMsg?.trim() || translate(locale, 'error.generic')
}

export const isSuccessCode = (code: unknown): boolean => code === undefined || code === null || code === '' || Number(code) === 200

export interface RequestOptions {
  /**
   * Do not show the message (the screen renders its own state). An expired
   * session is still announced: the visitor is sent home and must know why.
   */
  silent?: boolean
  /** A check the user did not ask for: an expired session is cleared quietly, without leaving the page. */
  background?: boolean
  signal?: AbortSignal
}

type Query = Record<string, string | number | boolean | null | undefined>

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** The BFF's own endpoints (/bff/...) are called as they are; every other path is the core API's, under /api. */
const urlOf = (path: string) => (path.startsWith('/bff/') ? path : `${API_BASE}${path}`)

/**
 * Throws a failed call's ApiError, having shown its message unless the call
 * is silent. An expired session also clears the user and, unless the call is
 * a background check, is announced and sends the visitor home.
 */
export function failCall(code: number, text: string, status: number, options: RequestOptions = {}): never {
  if (SESSION_EXPIRED_CODES.includes(code)) {
    clearSessionUser()
    if (!options.background) {
      hooks.notify(text)
      hooks.onSessionExpired()
    }
  } else if (!options.silent) {
    hooks.notify(text)
  }
  throw new ApiError(code, text, status)
}

/** The interface language calls are made in (sent as lang). */
export const requestLocale = (): Locale => hooks.getLocale()

/** How a call's URL is made and its refusal handled: the site's API (the default) or the staff console's (below). */
interface Channel {
  url(path: string): string
  fail(code: number, text: string, status: number, options: RequestOptions): never
  message(code: number, serverMsg: string | null | undefined, locale: Locale): string
}

const SITE: Channel = { url: urlOf, fail: failCall, message: messageForCode }

async function request<T>(
  method: Method,
  path: string,
  payload: Query | object | undefined,
  options: RequestOptions,
  channel: Channel = SITE,
): Promise<T> {
  const locale = hooks.getLocale()
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  }
  let url = channel.url(path)
  let body: string | undefined
  if (method === 'GET' || method === 'DELETE') {
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries((payload ?? {}) as Query)) {
      if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
    }
    search.set('lang', locale)
    url += `?${search.toString()}`
  } else {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify({ ...(payload ?? {}), lang: locale })
  }

  let response: Response
  try {
    response = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: options.signal })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    return channel.fail(0, translate(locale, 'error.network'), 0, options)
  }

  let envelope: Envelope<T> | undefined
  try {
    envelope = (await response.json()) as Envelope<T>
  } catch {
    envelope = undefined
  }
  // Rate-limit (429) and gateway answers are envelopes too; only a body that
  // is not one falls back to the HTTP status.
  if (!envelope || typeof envelope !== 'object') {
    return channel.fail(
      response.status || 0,
      translate(locale, response.status >= 500 ? 'error.server' : 'error.generic'),
      response.status,
      options,
    )
  }
  if (isSuccessCode(envelope.code) && response.ok) return envelope.data
  const code = isSuccessCode(envelope.code) ? response.status : Number(envelope.code)
  return channel.fail(code, channel.message(code, envelope.msg, locale), response.status, options)
}

/** The arguments of a call of the contract: its input (without lang, which every call gets) unless the call takes none, then the options. */
type CallArgs<P extends CorePath> =
  Record<string, never> extends InputOf<P> ? [input?: InputOf<P>, options?: RequestOptions] : [input: InputOf<P>, options?: RequestOptions]

/**
 * Makes a call of the contract (@rpt/contract's SITE_CALLS): its method and path
 * come from the table, and so do the types of what it takes and answers.
 */
export function apiCall<P extends CorePath>(
  call: { readonly method: CallMethod; readonly path: P },
  ...[input, options = {}]: CallArgs<P>
) {
  return request<DataOf<P>>(call.method, call.path, input, options)
}

/** The input of a paged list call as a screen keeps it: the page always set, and the filters it uses. */
export type PagedQuery<P extends CorePath, K extends keyof InputOf<P>> = Required<Pick<InputOf<P>, 'pageNo' & keyof InputOf<P>>> &
  Required<Pick<InputOf<P>, 'pageSize' & keyof InputOf<P>>> &
  Pick<InputOf<P>, K>

/** The swr key of a call with this input: the call's name (its path after the service's prefix), the interface language and the input. */
export const callKey = (call: { readonly path: string }, locale: Locale, input: object) =>
  [call.path.replace(/^\/(report|basedata)\//, ''), locale, JSON.stringify(input)] as const

export const apiGet = <T>(path: string, params?: Query, options: RequestOptions = {}): Promise<T> =>
  request<T>('GET', path, params, options)

export const apiPost = <T>(path: string, body?: object, options: RequestOptions = {}): Promise<T> => request<T>('POST', path, body, options)

export const apiPatch = <T>(path: string, body?: object, options: RequestOptions = {}): Promise<T> =>
  request<T>('PATCH', path, body, options)

export const apiDelete = <T>(path: string, params?: Query, options: RequestOptions = {}): Promise<T> =>
  request<T>('DELETE', path, params, options)

/** The captcha is an image the browser loads itself, so it gets a plain URL. */
export function captchaUrl(unTime: number, locale: Locale): string {
  return `${API_BASE}${websiteUserCalls.getValidCode.path}?unTime=${unTime}&lang=${locale}`
}

/**
 * A request through the same envelope handling on another channel: the staff
 * console's (staff-api-client.ts), kept in a module of its own so that its
 * code loads with the console's chunk, not with every public page.
 */
export const requestVia = <T>(
  channel: Channel,
  method: Method,
  path: string,
  payload: Query | object | undefined,
  options: RequestOptions = {},
) => request<T>(method, path, payload, options, channel)

/** Shows a failure's message through the app's notifier (a toast). */
export const notifyFailure = (text: string): void => hooks.notify(text)

export type { Channel, Method, Query }
