import { createSign, createVerify, randomInt } from 'node:crypto'

// What both gateways sign with (SHA256withRSA, base64), and the small
// formats they share. Written apart from the core API's provider code, so a
// mistake in one does not hide the same mistake in the other.

export function rsaSign(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64')
}

export function rsaVerify(content: string, signature: string, publicKey: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64')
  } catch {
    return false
  }
}

export function digits(count: number): string {
  let text = ''
  for (let i = 0; i < count; i++) text += String(randomInt(10))
  return text
}

/** Alipay's amounts in yuan ("12.3", "0.05") → minor units; anything else → undefined. The digits are read, never a float. */
export function yuanToFen(value: unknown): number | undefined {
  const match = typeof value === 'string' ? /^(0|[1-9]\d{0,9})(?:\.(\d)(\d)?)?$/.exec(value) : null
  return match ? Number(`${match[1]}${match[2] ?? '0'}${match[3] ?? '0'}`) : undefined
}

/** Minor units → Alipay's "12.30". */
export function fenToYuan(amount: number): string {
  const digits = String(amount).padStart(3, '0')
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`
}

/** An absolute http(s) URL of at most 500 characters (a notify_url). */
export function httpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 500) return false
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
