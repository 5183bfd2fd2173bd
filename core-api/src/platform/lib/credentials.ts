import { createCipheriv, createDecipheriv } from 'node:crypto'

// The legacy clients encrypt the login code and every password field with
// crypto-js AES in ECB mode with PKCS7 padding and send base64 ciphertext
// (product spec section 9). This keeps that contract; it is obfuscation for
// compatibility, not a security boundary: TLS protects credentials in transit.

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

/** The plain text, or undefined when the value is not a ciphertext made with this key. */
export function decryptCredential(ciphertext: string, key: string): string | undefined {
  const compact = ciphertext.trim()
  if (compact.length === 0 || compact.length % 4 !== 0 || !BASE64.test(compact)) return undefined
  const bytes = Buffer.from(compact, 'base64')
  if (bytes.length === 0 || bytes.length % 16 !== 0) return undefined
  try {
    const decipher = createDecipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null)
    const plain = Buffer.concat([decipher.update(bytes), decipher.final()])
    const text = plain.toString('utf8')
    // A wrong key can still unpad by chance; such text is not valid UTF-8.
    // eslint-disable-next-line no-control-regex -- a control character marks text a wrong key produced
    if (!Buffer.from(text, 'utf8').equals(plain) || /[\u0000-\u001f\u007f]/.test(text)) return undefined
    return text
  } catch {
    return undefined
  }
}

/** What a legacy client sends for `plain`: used by tests and tools. */
export function encryptCredential(plain: string, key: string): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null)
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64')
}
