import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

// Secrets the server must read back (staff TOTP secrets) are kept sealed
// with AES-256-GCM under a key from the environment, so a copy of the
// database alone (a dump, a backup, a read-only leak) does not hand out
// second factors. The key is derived per purpose with HKDF, so one setting
// can seal more kinds of secret without reusing a key.

const VERSION = 'v1.'
const IV_BYTES = 12
const TAG_BYTES = 16

export class SealedSecretError extends Error {
  override name = 'SealedSecretError'
}

function keyOf(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'rpt secret box', purpose, 32))
}

export function isSealed(value: string): boolean {
  return value.startsWith(VERSION)
}

/** `v1.` + base64url(iv ‖ tag ‖ ciphertext); the purpose is bound in as associated data too. */
export function seal(secret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv)
  cipher.setAAD(Buffer.from(purpose))
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
}

/** The plaintext of a sealed value; a value sealed before this existed (no `v1.`) is returned as it is. */
export function open(secret: string, purpose: string, value: string): string {
  if (!isSealed(value)) return value
  const raw = Buffer.from(value.slice(VERSION.length), 'base64url')
  if (raw.length <= IV_BYTES + TAG_BYTES) throw new SealedSecretError('a sealed secret is too short')
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, purpose), raw.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(purpose))
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')
  } catch {
    throw new SealedSecretError('a sealed secret does not open with this key (was the key changed?)')
  }
}
