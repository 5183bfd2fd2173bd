import { createDecipheriv } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { encryptCredential } from '../src/lib/crypto'

describe('credential encryption', () => {
  it('is AES-ECB/PKCS7 base64 that the core API can decrypt with the shared key', () => {
    const cipher = encryptCredential('密码 secret-1', 'rpt-site-dev-key')
    const decipher = createDecipheriv('aes-128-ecb', Buffer.from('rpt-site-dev-key', 'utf8'), null)
    const plain = Buffer.concat([decipher.update(Buffer.from(cipher, 'base64')), decipher.final()]).toString('utf8')
    expect(plain).toBe('密码 secret-1')
  })

  it('uses the development key by default', () => {
    expect(encryptCredential('abc')).toBe(encryptCredential('abc', 'rpt-site-dev-key'))
  })
})
