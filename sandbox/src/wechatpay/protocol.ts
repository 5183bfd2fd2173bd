import { createCipheriv, randomBytes, randomUUID } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import { rsaSign } from '../signing.ts'

// WeChat Pay API v3 as the platform speaks it: it checks the merchant's
// signature on requests (Authorization: WECHATPAY2-SHA256-RSA2048 …), signs
// its answers and notifications (Wechatpay-* headers), and encrypts
// notification resources with the merchant's APIv3 key (AES-256-GCM).

export const SCHEME = 'WECHATPAY2-SHA256-RSA2048'
/** Requests signed further than this from the clock are refused. */
const SIGNATURE_WINDOW_SECONDS = 300

/** An answer WeChat gives as {code, message} with an HTTP status. */
export class WechatError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/** 32 random upper-case hex characters, as WeChat sends. */
export function nonce(): string {
  return randomBytes(16).toString('hex').toUpperCase()
}

/** What the merchant signs: method, the path and query exactly as requested, timestamp, nonce, body; each line ended. */
export function requestMessage(method: string, pathAndQuery: string, timestamp: string, nonceStr: string, body: string): string {
  return [method, pathAndQuery, timestamp, nonceStr, body].map((line) => `${line}\n`).join('')
}

/** What the platform signs on answers and notifications. */
export function platformMessage(timestamp: string, nonceStr: string, body: string): string {
  return [timestamp, nonceStr, body].map((line) => `${line}\n`).join('')
}

export interface Authorization {
  mchid: string
  nonce_str: string
  signature: string
  timestamp: string
  serial_no: string
}

/** The Authorization header's fields; undefined unless the scheme is right and each field is there exactly once. */
export function parseAuthorization(header: string | undefined): Authorization | undefined {
  if (!header?.startsWith(`${SCHEME} `)) return undefined
  const fields = new Map<string, string>()
  for (const part of header.slice(SCHEME.length + 1).split(',')) {
    const match = /^\s*([a-z_]+)="([^"]*)"\s*$/.exec(part)
    if (!match || fields.has(match[1]!)) return undefined
    fields.set(match[1]!, match[2]!)
  }
  const [mchid, nonceStr, signature, timestamp, serial] = ['mchid', 'nonce_str', 'signature', 'timestamp', 'serial_no'].map((name) =>
    fields.get(name),
  )
  if (!mchid || !nonceStr || !signature || !timestamp || !serial) return undefined
  return { mchid, nonce_str: nonceStr, signature, timestamp, serial_no: serial }
}

/** Whether a request's Unix timestamp (seconds, as text) is within the window around now. */
export function fresh(timestamp: string, nowMs = Date.now()): boolean {
  return /^\d{1,12}$/.test(timestamp) && Math.abs(Math.floor(nowMs / 1000) - Number(timestamp)) <= SIGNATURE_WINDOW_SECONDS
}

/** The Wechatpay-* headers that sign a body. */
export function platformHeaders(body: string, platform: { privateKey: string; serial: string }): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000))
  const nonceStr = nonce()
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonceStr,
    'wechatpay-serial': platform.serial,
    'wechatpay-signature': rsaSign(platformMessage(timestamp, nonceStr, body), platform.privateKey),
    'wechatpay-signature-type': SCHEME,
  }
}

/** Answers as WeChat does: JSON signed in the Wechatpay-* headers; no payload is 204 with an empty (signed) body. */
export function signedReply(reply: FastifyReply, platform: { privateKey: string; serial: string }, status: number, payload?: unknown) {
  const body = payload === undefined ? '' : JSON.stringify(payload)
  reply.status(status).header('request-id', randomUUID()).headers(platformHeaders(body, platform))
  return payload === undefined ? reply.send() : reply.type('application/json; charset=utf-8').send(body)
}

/** A notification resource as WeChat encrypts it: AES-256-GCM, a 12-character nonce as the IV, the tag after the ciphertext. */
export function encryptResource(apiV3Key: string, plaintext: string, associatedData: string, originalType: string) {
  const key = Buffer.from(apiV3Key, 'utf8')
  if (key.length !== 32) throw new TypeError('the APIv3 key must be 32 bytes')
  const iv = randomBytes(9).toString('base64url')
  const cipher = createCipheriv('aes-256-gcm', key, Buffer.from(iv, 'utf8'), { authTagLength: 16 })
  cipher.setAAD(Buffer.from(associatedData, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64')
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext, nonce: iv, associated_data: associatedData, original_type: originalType }
}

/** A signed, encrypted event as WeChat posts it to a notify_url. */
export function event(
  keys: { apiV3Key: string; platform: { privateKey: string }; platformSerial: string },
  eventType: string,
  summary: string,
  resource: Record<string, unknown>,
  originalType: 'transaction' | 'refund',
  createTime: string,
): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({
    id: randomUUID(),
    create_time: createTime,
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary,
    resource: encryptResource(keys.apiV3Key, JSON.stringify(resource), originalType, originalType),
  })
  return {
    headers: {
      'content-type': 'application/json',
      ...platformHeaders(body, { privateKey: keys.platform.privateKey, serial: keys.platformSerial }),
    },
    body,
  }
}
