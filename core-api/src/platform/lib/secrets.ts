import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { loadOnce } from './load-once.ts'

// OWASP's argon2id minimum (m=19 MiB, t=2, p=1). The library's default
// algorithm is argon2id; the PHC string records the parameters, so raising
// them later still verifies old hashes.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 }

/** The native argon2 binding is loaded by the first password this process hashes or checks, not at every start. */
const loadArgon2 = loadOnce(() => import('@node-rs/argon2'))

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await loadArgon2()
  return hash(password, ARGON2_OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // A binding that cannot load is a server fault, not a wrong password.
  const { verify } = await loadArgon2()
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/**
 * A hash to verify against when the account does not exist, so an unknown
 * login code costs the same time as a wrong password.
 */
let decoyHash: Promise<string> | undefined
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return decoyHash
}

/** 256 random bits, URL-safe: session tokens, reset tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Tokens are stored only as this digest. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex')
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8')
  const right = Buffer.from(b, 'utf8')
  return left.length === right.length && timingSafeEqual(left, right)
}
