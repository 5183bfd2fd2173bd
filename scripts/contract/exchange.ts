// A recorded request/response exchange with the core API (fixtures/contract/*.json).
export interface ExchangeRequest {
  method: 'GET' | 'POST'
  path: string
  query?: Record<string, string>
  body?: unknown
  /** Headers the client sends, as it sends them (legacy exchanges) */
  headers?: Record<string, string>
}

export interface Exchange {
  name: string
  description: string
  request: ExchangeRequest
  response: { status: number; body: unknown }
}

/**
 * Keys the database assigns: they differ between two databases loaded with
 * the same fixtures, so the replay compares everything but them.
 */
export const DATABASE_ASSIGNED_KEYS = new Set(['id', 'dictCode'])

/**
 * Sends an exchange's request to the core API (tier 'core') or, as the site's
 * own pages would, through the BFF (tier 'bff': under /api, with the
 * same-origin headers the BFF asks of a write).
 */
export async function send(base: string, request: ExchangeRequest, tier: 'core' | 'bff' = 'core'): Promise<{ status: number; body: unknown }> {
  const url = new URL(tier === 'bff' ? `/api${request.path}` : request.path, base)
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value)
  const headers: Record<string, string> = request.headers ?? (request.body === undefined ? {} : { 'content-type': 'application/json' })
  if (tier === 'bff' && request.method === 'POST') Object.assign(headers, { origin: new URL(base).origin, 'x-requested-with': 'XMLHttpRequest' })
  const response = await fetch(url, {
    method: request.method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: AbortSignal.timeout(15_000),
  })
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: compared as text
  }
  return { status: response.status, body }
}

/** Differences between an expected and an actual value, one line each, by path. */
export function diff(expected: unknown, actual: unknown, path = ''): string[] {
  const here = path || '(body)'
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${here}: expected an array, got ${describe(actual)}`]
    const lines: string[] = []
    if (expected.length !== actual.length) lines.push(`${here}: expected ${expected.length} items, got ${actual.length}`)
    for (let i = 0; i < Math.min(expected.length, actual.length); i++) lines.push(...diff(expected[i], actual[i], `${path}[${i}]`))
    return lines
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${here}: expected an object, got ${describe(actual)}`]
    const lines: string[] = []
    const e = expected as Record<string, unknown>
    const a = actual as Record<string, unknown>
    for (const key of new Set([...Object.keys(e), ...Object.keys(a)])) {
      const child = path ? `${path}.${key}` : key
      if (!(key in a)) lines.push(`${child}: missing (expected ${describe(e[key])})`)
      else if (!(key in e)) lines.push(`${child}: unexpected field (${describe(a[key])})`)
      else if (DATABASE_ASSIGNED_KEYS.has(key)) {
        if (typeof e[key] !== typeof a[key]) lines.push(`${child}: expected a ${typeof e[key]}, got ${describe(a[key])}`)
      } else lines.push(...diff(e[key], a[key], child))
    }
    return lines
  }
  return Object.is(expected, actual) ? [] : [`${here}: expected ${describe(expected)}, got ${describe(actual)}`]
}

function describe(value: unknown): string {
  const text = JSON.stringify(value)
  return text === undefined ? String(value) : text.length > 120 ? `${text.slice(0, 117)}...` : text
}
