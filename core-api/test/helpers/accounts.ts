import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import CryptoJS from 'crypto-js'
import type { FastifyInstance } from 'fastify'
import { sha256Hex } from '../../src/platform/lib/secrets.ts'
import { body } from './build-app.ts'

// Account helpers for tests: credentials encrypted exactly as the browser
// client does it (crypto-js), a registration factory, and the outbox reader.

export const TEST_CAPTCHA = '2468'

export function encrypt(value: string, key = 'rpt-site-dev-key'): string {
  return CryptoJS.AES.encrypt(CryptoJS.enc.Utf8.parse(value), CryptoJS.enc.Utf8.parse(key), {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.Pkcs7,
  }).toString()
}

let sequence = 0

export interface RegisteredUser {
  loginCode: string
  password: string
  email: string
  token: string
  id: string
}

export function registrationBody(overrides: Record<string, unknown> = {}) {
  const n = `${process.pid}${++sequence}`
  const loginCode = `user${n}`
  const password = 'Secret123'
  return {
    plain: { loginCode, password, email: `buyer${n}@example.com` },
    body: {
      lang: 'zh-CN',
      loginCode: encrypt(loginCode),
      password: encrypt(password),
      confirmNewPassword: encrypt(password),
      companyName: '示例科技有限公司',
      addr: '采购经理',
      email: `buyer${n}@example.com`,
      contact: '13912345678',
      name: '张三',
      ...overrides,
    },
  }
}

export async function registerUser(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<RegisteredUser> {
  const { plain, body: payload } = registrationBody(overrides)
  const res = await app.inject({ method: 'POST', url: '/report/websiteUser/register', payload })
  const answer = body(res)
  if (answer.code !== 200) throw new Error(`register failed: ${res.body}`)
  return { ...plain, email: String(payload.email), token: answer.data.token, id: answer.data.user.id }
}

/** A login with the test captcha; `remoteAddress` stands for the visitor's address (throttling counts per address). */
export function login(
  app: FastifyInstance,
  loginCode: string,
  password: string,
  extra: Record<string, unknown> = {},
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/report/websiteUser/login',
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: {
      lang: 'en-US',
      loginCode: encrypt(loginCode),
      password: encrypt(password),
      validCode: TEST_CAPTCHA,
      unTime: String(Date.now()),
      ...extra,
    },
  })
}

/** Puts a challenge with a known answer in place, as getValidCode would. */
export async function plantCaptcha(app: FastifyInstance, unTime: string, answer: string, ttlSeconds = 300) {
  await app.db.sequelize.query(
    `INSERT INTO captcha_challenge (un_time, answer_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
     ON CONFLICT (un_time) DO UPDATE SET answer_hash = EXCLUDED.answer_hash, expires_at = EXCLUDED.expires_at`,
    { bind: [unTime, sha256Hex(`${unTime}:${answer.toLowerCase()}`), ttlSeconds] },
  )
}

/**
 * The newest .eml in the outbox addressed to `to` (and, with `matches`, one
 * whose readable text passes it), waiting a little: mails go out after the reply.
 */
export async function waitForMail(
  dataDir: string,
  to: string,
  timeoutMs = 5000,
  matches: (readable: string) => boolean = () => true,
): Promise<string> {
  const dir = path.join(dataDir, 'outbox')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse()
    for (const file of files) {
      const text = await readFile(path.join(dir, file), 'utf8')
      if (text.includes(`To: ${to}`) && matches(readableMail(text))) return text
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no mail to ${to} in ${dir}`)
}

/** Quoted-printable soft breaks and escapes undone, enough to read links. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

/** Every MIME part of a raw message decoded to text, for assertions on what a person reads. */
export function readableMail(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/)
  return parts
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/)
      const content = rest.join('\n\n')
      if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
        const bytes = content.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        return Buffer.from(bytes, 'latin1').toString('utf8')
      }
      return part
    })
    .join('\n')
}
