import { createCipheriv } from 'node:crypto'

/** What the client's crypto-js AES (ECB, PKCS7, base64) makes of a credential. */
export function encryptCredential(text: string, key = 'rpt-site-dev-key'): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null)
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64')
}
