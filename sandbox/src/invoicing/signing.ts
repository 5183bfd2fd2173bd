import { createHmac, timingSafeEqual } from 'node:crypto'

// How a caller of the invoice sandbox authenticates, as the 数电票 issuing
// platforms' open APIs do: the app key it was given, a timestamp and a nonce
// in headers, and an HMAC-SHA256 with its app secret over the method, the
// path, the timestamp, the nonce and the body's exact text, base64. Written
// apart from the core API's client (core-api/src/modules/invoicing/providers/
// sandbox-signing.ts), so a mistake in one shows as a refusal by the other.

export const SIGNATURE_HEADERS = { appKey: 'x-app-key', timestamp: 'x-timestamp', nonce: 'x-nonce', signature: 'x-signature' } as const

/** How far a request's timestamp may be from the sandbox's clock. */
export const SIGNATURE_WINDOW_SECONDS = 300

export function signatureOf(
  secret: string,
  parts: { method: string; path: string; timestamp: string; nonce: string; body: string },
): string {
  const text = `${parts.method.toUpperCase()}\n${parts.path}\n${parts.timestamp}\n${parts.nonce}\n${parts.body}`
  return createHmac('sha256', secret).update(text, 'utf8').digest('base64')
}

export type SignatureProblem = 'missing' | 'unknown-app' | 'stale' | 'replayed' | 'bad-signature'

/** Why a request's signature is refused, or null when it is good. Nonces seen within the window are refused again (a replay). */
export function checkSignature(
  keys: { appKey: string; appSecret: string },
  request: { method: string; path: string; body: string; headers: Record<string, string | string[] | undefined> },
  seenNonces: Map<string, number>,
  now = Date.now(),
): SignatureProblem | null {
  const header = (name: string) => {
    const value = request.headers[name]
    return typeof value === 'string' ? value : undefined
  }
  const appKey = header(SIGNATURE_HEADERS.appKey)
  const timestamp = header(SIGNATURE_HEADERS.timestamp)
  const nonce = header(SIGNATURE_HEADERS.nonce)
  const signature = header(SIGNATURE_HEADERS.signature)
  if (!appKey || !timestamp || !nonce || !signature || !/^[0-9]{9,11}$/.test(timestamp) || nonce.length > 64) return 'missing'
  if (appKey !== keys.appKey) return 'unknown-app'
  if (Math.abs(now / 1000 - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS) return 'stale'
  const expected = Buffer.from(
    signatureOf(keys.appSecret, { method: request.method, path: request.path, timestamp, nonce, body: request.body }),
  )
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad-signature'
  for (const [seen, at] of seenNonces) if (at < now - SIGNATURE_WINDOW_SECONDS * 1000) seenNonces.delete(seen)
  if (seenNonces.has(nonce)) return 'replayed'
  seenNonces.set(nonce, now)
  return null
}
