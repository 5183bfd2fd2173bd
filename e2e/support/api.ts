// Server-side help for journeys that do not test account creation itself:
// accounts created through the BFF (so the context holds a real session
// cookie), and the core API called directly on loopback where a journey needs
// something no page offers (revoking a token).
import { createCipheriv, randomBytes } from 'node:crypto'
import type { BrowserContext } from 'playwright-core'
import { inject } from 'vitest'
import { CREDENTIAL_KEY } from './constants.ts'

/** The legacy credential encryption the client applies: AES-128/ECB/PKCS7, base64. */
export function encryptCredential(value: string, key = CREDENTIAL_KEY): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null)
  return Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]).toString('base64')
}

export interface TestUser {
  loginCode: string
  password: string
  companyName: string
  addr: string
  email: string
  contact: string
  name: string
}

let counter = 0
/** A unique account: usernames 4-50 of letters, digits, _ . @ -; passwords 8-64 with letters and digits. */
export function newUser(tag: string): TestUser {
  counter += 1
  const id = `${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`
  const digits = String(Date.now() % 1e8).padStart(8, '0')
  return {
    loginCode: `e2e_${tag}_${id}`.slice(0, 40),
    password: `Pass${randomBytes(3).toString('hex')}9`,
    companyName: `E2E Test Co ${id}`,
    addr: 'Buyer',
    email: `e2e.${tag}.${id}@example.com`.toLowerCase(),
    contact: `139${digits}`,
    name: `Tester ${tag}`,
  }
}

interface Envelope<T> {
  code: number
  msg: string
  data: T
}

/** What the site's register form sends for a user (the credentials encrypted as the client does). */
export function registerBody(user: TestUser) {
  return {
    loginCode: encryptCredential(user.loginCode),
    password: encryptCredential(user.password),
    confirmNewPassword: encryptCredential(user.password),
    companyName: user.companyName,
    addr: user.addr,
    email: user.email,
    contact: user.contact,
    name: user.name,
    lang: 'zh-CN',
  }
}

const JSON_HEADERS = (siteUrl: string) => ({ 'X-Requested-With': 'XMLHttpRequest', Origin: siteUrl, Accept: 'application/json' })

/** Registers through the BFF with the context's cookie jar: the context is then logged in. */
export async function registerInContext(context: BrowserContext, user: TestUser): Promise<{ id: string; name: string }> {
  const siteUrl = inject('siteUrl')
  const response = await context.request.post(`${siteUrl}/api/report/websiteUser/register`, {
    headers: JSON_HEADERS(siteUrl),
    data: registerBody(user),
  })
  const body = (await response.json()) as Envelope<{ user: { id: string | number; name?: string } }>
  if (body.code !== 200) throw new Error(`register failed: ${response.status()} ${JSON.stringify(body)}`)
  const remembered = { id: String(body.data.user.id), name: String(body.data.user.name || user.loginCode) }
  // The client remembers who is logged in (for the header) in localStorage; seed it once.
  await context.addInitScript((value: string) => {
    if (!sessionStorage.getItem('e2e-user-seeded')) {
      localStorage.setItem('rpt.user', value)
      sessionStorage.setItem('e2e-user-seeded', '1')
    }
  }, JSON.stringify(remembered))
  return remembered
}

/** Registers an account without logging any browser in (the session cookie is dropped). */
export async function registerAccount(user: TestUser): Promise<void> {
  const siteUrl = inject('siteUrl')
  const response = await fetch(`${siteUrl}/api/report/websiteUser/register`, {
    method: 'POST',
    headers: { ...JSON_HEADERS(siteUrl), 'Content-Type': 'application/json' },
    body: JSON.stringify(registerBody(user)),
  })
  const body = (await response.json()) as Envelope<unknown>
  if (body.code !== 200) throw new Error(`register failed: ${response.status} ${JSON.stringify(body)}`)
}

/** The session token the BFF keeps in its HttpOnly cookie. */
export async function sessionToken(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies(inject('siteUrl'))
  const cookie = cookies.find((c) => c.name === 'rpt_session' || c.name === '__Host-rpt_session')
  if (!cookie) throw new Error(`no session cookie among ${cookies.map((c) => c.name).join(', ') || 'none'}`)
  return cookie.value
}

/** Calls the core API directly (loopback), as staff tooling would. */
export async function coreGet<T>(pathname: string, token?: string): Promise<Envelope<T>> {
  const response = await fetch(`${inject('coreUrl')}${pathname}`, {
    headers: { Accept: 'application/json', ...(token ? { 'website-token': token } : {}) },
  })
  return (await response.json()) as Envelope<T>
}

export async function corePost<T>(pathname: string, body: object, token?: string): Promise<Envelope<T>> {
  const response = await fetch(`${inject('coreUrl')}${pathname}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...(token ? { 'website-token': token } : {}) },
    body: JSON.stringify(body),
  })
  return (await response.json()) as Envelope<T>
}

/** Revokes a session server-side: the core API's logout with that token. */
export async function revokeToken(token: string): Promise<void> {
  const answer = await coreGet<unknown>('/report/websiteUser/logout', token)
  if (answer.code !== 200) throw new Error(`logout on the core API answered ${JSON.stringify(answer)}`)
  const check = await coreGet<unknown>('/report/websiteUser/getUserInfo', token)
  if (check.code !== 5001) throw new Error(`the token still works after logout: ${JSON.stringify(check)}`)
}
