import { execFile } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { promisify } from 'node:util'
import { repoRoot } from '../../src/paths.ts'
import type { CoreProcess } from './core-process.ts'

// A staff account on a real core API started onDisk, made as an administrator
// makes one (npm run staff -- add, joining the running core API's embedded
// database), and the TOTP code its authenticator app would show.

export interface StaffAccount {
  name: string
  password: string
  /** The TOTP secret of the otpauth:// URI the command printed (base32) */
  secret: string
}

export async function addStaffAccount(core: CoreProcess, name: string, role = 'editor'): Promise<StaffAccount> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', 'add', name, '--role', role], {
    cwd: process.env.BFF_TEST_CORE_ROOT || repoRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: core.dataDir, DATABASE_URL: '', EMBEDDED_PG_MEMORY: 'false' },
  })
  const password = /^password: (\S+)$/m.exec(stdout)?.[1]
  const uri = /(otpauth:\/\/totp\/\S+)/.exec(stdout)?.[1]
  const secret = uri ? new URL(uri).searchParams.get('secret') : null
  if (!password || !secret) throw new Error(`the staff command printed no password or otpauth URI:\n${stdout}`)
  return { name, password, secret }
}

function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const char of text.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0')
  const bytes: number[] = []
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2))
  return Buffer.from(bytes)
}

/** The 6-digit RFC 6238 code (SHA-1, 30-second steps) of `secret` now, as an authenticator app shows it. */
export function totpCode(secret: string): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 1000 / 30)))
  const digest = createHmac('sha1', base32(secret)).update(counter).digest()
  const offset = digest[digest.length - 1]! & 0x0f
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}
