import { createDecipheriv, createSign, createVerify, randomBytes, type KeyLike } from 'node:crypto'

// WeChat Pay API v3's merchant side of the wire: what a merchant signs, the
// Authorization header it sends, what it checks on WeChat's answers and
// notifications, and how it opens their AES-256-GCM encrypted resources.

export const WECHATPAY_SCHEME = 'WECHATPAY2-SHA256-RSA2048'
/** WeChat refuses requests, and we refuse answers and notifications, signed further than this from the clock. */
export const SIGNATURE_WINDOW_SECONDS = 300

export function rsaSign(message: string, privateKey: KeyLike): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64')
}

export function rsaVerify(message: string, signature: string, publicKey: KeyLike): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64')
  } catch {
    return false
  }
}

/** 32 random upper-case hex characters, as WeChat's own SDKs send. */
export function nonceString(): string {
  return randomBytes(16).toString('hex').toUpperCase()
}

/** What a merchant signs: the canonical URL is the path and query exactly as requested. */
export function requestMessage(method: string, canonicalUrl: string, timestamp: string, nonce: string, body: string): string {
  return `${method}\n${canonicalUrl}\n${timestamp}\n${nonce}\n${body}\n`
}

/** What WeChat signs on answers and notifications. */
export function responseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`
}

export function authorizationHeader(fields: {
  mchid: string
  nonce: string
  signature: string
  timestamp: string
  serial: string
}): string {
  return (
    `${WECHATPAY_SCHEME} mchid="${fields.mchid}",nonce_str="${fields.nonce}",signature="${fields.signature}",` +
    `timestamp="${fields.timestamp}",serial_no="${fields.serial}"`
  )
}

/** Whether a signed Unix timestamp (seconds, as text) lies within the window around nowMs. */
export function timestampFresh(timestamp: string, nowMs: number): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false
  return Math.abs(Math.floor(nowMs / 1000) - Number(timestamp)) <= SIGNATURE_WINDOW_SECONDS
}

const GCM_TAG_BYTES = 16

export function apiV3KeyBytes(apiV3Key: string): Buffer {
  const key = Buffer.from(apiV3Key, 'utf8')
  if (key.length !== 32) throw new TypeError('the WeChat Pay APIv3 key must be 32 bytes')
  return key
}

/** The resource's plaintext; throws when the key, nonce, associated data or tag do not match. */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string | undefined },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64')
  if (data.length <= GCM_TAG_BYTES || resource.nonce.length === 0) throw new Error('resource too short')
  const decipher = createDecipheriv('aes-256-gcm', apiV3KeyBytes(apiV3Key), Buffer.from(resource.nonce, 'utf8'), {
    authTagLength: GCM_TAG_BYTES,
  })
  decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES))
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'))
  return Buffer.concat([decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)), decipher.final()]).toString('utf8')
}
