import type { FastifyRequest } from 'fastify'
import { DEFAULT_LANG, isLang, type Lang } from '../lib/lang.ts'

// The language of a request, and the cookies that keep it. The editions
// themselves are lib/lang.ts's; re-exported for the tiers that read requests.
export { DEFAULT_LANG, isLang, LANGS, type Lang } from '../lib/lang.ts'

export const LOCALE_COOKIE = 'locale'
/** The client keeps its own copy of the edition under this name */
const CLIENT_LANG_COOKIE = 'lang'
export const LOCALE_MAX_AGE_S = 365 * 24 * 3600

/** Paths under /en/ are the English edition; everything else is the Chinese one. */
export function editionOf(pathname: string): Lang {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en-US' : 'zh-CN'
}

/** The lang a request names itself: its body's or query's field, read leniently before validation. */
export function explicitLang(request: FastifyRequest): Lang | undefined {
  const body = request.body
  const query = request.query as Record<string, unknown> | undefined
  const fromBody = body && typeof body === 'object' && !Buffer.isBuffer(body) ? (body as Record<string, unknown>).lang : undefined
  const candidate = fromBody ?? query?.lang
  return isLang(candidate) ? candidate : undefined
}

/** The edition the cookies name: the locale cookie the page set, else the client's own copy. */
export function cookieLang(cookies: Record<string, string | undefined> | undefined): Lang | undefined {
  for (const name of [LOCALE_COOKIE, CLIENT_LANG_COOKIE]) {
    const value = cookies?.[name]
    if (isLang(value)) return value
  }
  return undefined
}

/**
 * The language of a request: the lang it sends, else the edition it came
 * from (its cookies), else Chinese.
 */
export function requestLang(request: FastifyRequest): Lang {
  return explicitLang(request) ?? cookieLang(request.cookies) ?? DEFAULT_LANG
}
