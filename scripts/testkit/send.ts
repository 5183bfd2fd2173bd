// Sends a fixture's request at a tier. At the core tier it goes as written.
// At the bff tier it goes as the site's own pages send it from a browser:
// under /api, with X-Requested-With, Sec-Fetch-Site same-origin, the site's
// Origin on writes, and the session in a cookie jar the BFF's answers fill
// (login and register set it, logout clears it); a website-token or cookie
// header in the fixture is left out there, since a browser never sends one.
import type { FixtureRequest, Tier } from './format.ts'

export interface Answer {
  status: number
  headers: Record<string, string>
  body: unknown
  ms: number
}

export interface Sent {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
}

/** The cookies of one visitor: set from Set-Cookie, sent back on every request. */
export class CookieJar {
  readonly cookies = new Map<string, string>()

  store(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      if (eq <= 0) continue
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attributes.some((a) => {
        const [key = '', v = ''] = a.split('=').map((s) => s.trim())
        return (key.toLowerCase() === 'max-age' && Number(v) <= 0) || (key.toLowerCase() === 'expires' && Date.parse(v) < Date.now())
      })
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  header(): string | undefined {
    return this.cookies.size === 0 ? undefined : [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/** Request headers a browser decides for itself at the bff tier. */
const BROWSER_OWNED = new Set([
  'website-token',
  'cookie',
  'host',
  'origin',
  'referer',
  'content-length',
  'x-requested-with',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
])

/** A fixture's headers without those the browser decides at the bff tier. */
export function browserHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).filter(([name]) => !BROWSER_OWNED.has(name.toLowerCase())))
}

export function requestFor(base: string, request: FixtureRequest, tier: Tier, jar?: CookieJar): Sent {
  const url = new URL(tier === 'bff' ? `/api${request.path}` : request.path, base)
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value)
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (tier === 'bff' && BROWSER_OWNED.has(name.toLowerCase())) continue
    headers[name.toLowerCase()] = value
  }
  if (request.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json'
  if (tier === 'bff') {
    // The site's api-client sends X-Requested-With on every call; Chromium adds Sec-Fetch-* and, on writes, Origin.
    headers['x-requested-with'] = 'XMLHttpRequest'
    headers['sec-fetch-site'] = 'same-origin'
    headers['sec-fetch-mode'] = 'cors'
    headers['sec-fetch-dest'] = 'empty'
    if (request.method !== 'GET') headers.origin = url.origin
    const cookie = jar?.header()
    if (cookie) headers.cookie = cookie
  }
  return {
    method: request.method,
    url: url.toString(),
    headers,
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  }
}

export function parseBody(text: string, contentType: string): unknown {
  if (text === '') return undefined
  if (contentType.includes('json') || /^[[{"]/.test(text.trimStart())) {
    try {
      return JSON.parse(text)
    } catch {
      // not JSON after all: compared as text
    }
  }
  return text
}

export async function send(sent: Sent, jar?: CookieJar, timeoutMs = 15_000): Promise<Answer> {
  const started = performance.now()
  const response = await fetch(sent.url, {
    method: sent.method,
    headers: sent.headers,
    body: sent.body,
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'manual',
  })
  const text = await response.text()
  jar?.store(response.headers.getSetCookie())
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => (headers[name] = value))
  return { status: response.status, headers, body: parseBody(text, headers['content-type'] ?? ''), ms: performance.now() - started }
}
