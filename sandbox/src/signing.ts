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

const AMOUNT = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/

/** Alipay's "12.3" → 1230 minor units; anything else → undefined. Parsed as decimal text, never through a float. */
export function yuanToFen(value: unknown): number | undefined {
  if (typeof value !== 'string' || !AMOUNT.test(value)) return undefined
  const [whole, fraction = ''] = value.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

export function fenToYuan(amount: number): string {
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`
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
