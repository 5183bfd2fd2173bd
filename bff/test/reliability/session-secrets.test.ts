import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import app, { fastifyOptions, loggerOptions } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { body, cookie, fromSite, SITE } from '../helpers/build-app.ts'
import { CAPTCHA_TEST_CODE, startCore, type CoreProcess } from '../helpers/core-process.ts'
import { encryptCredential } from '../helpers/credentials.ts'

// The session cookie is the only place a token lives in the browser, so its
// flags are the whole defence against script and cross-site theft; and the
// BFF's log, written here through the production logger options at debug
// level, must not hand a token, a password or a signed link to its readers.
let core: CoreProcess
let bff: FastifyInstance
const lines: string[] = []
const answers: string[] = []

beforeAll(async () => {
  core = await startCore({ seed: false })
  const noClient = path.join(await mkdtemp(path.join(tmpdir(), 'rpt-bff-')), 'no-dist')
  const config = loadConfig(
    {},
    { NODE_ENV: 'test', LOG_LEVEL: 'debug', TRUSTED_ORIGINS: SITE, CLIENT_DIST_DIR: noClient, CORE_API_URL: core.url, TRUST_PROXY: 'true' },
  )
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'))
      done()
    },
  })
  bff = Fastify({ ...fastifyOptions(config), logger: { ...loggerOptions(config), stream } })
  await bff.register(app, { config })
  await bff.ready()
})
afterAll(async () => {
  await bff?.close()
  await core?.stop()
})

async function call(options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await bff.inject(options)
  // Bodies only: the cookie's own Set-Cookie header is where the token belongs.
  answers.push(res.body)
  return res
}

const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' }
let n = 0
async function register(secure: boolean) {
  const account = `sess${process.pid}${++n}`
  const res = await call({
    method: 'POST',
    url: '/api/report/websiteUser/register',
    headers: { ...fromSite, ...(secure ? https : {}) },
    payload: {
      loginCode: encryptCredential(account),
      password: encryptCredential('Secret123'),
      confirmNewPassword: encryptCredential('Secret123'),
      companyName: '测试公司',
      addr: '经理',
      email: `${account}@example.com`,
      contact: '13800138000',
      name: '测试',
    },
  })
  expect(body(res).code).toBe(200)
  return { account, res }
}

async function login(account: string, password: string) {
  const res = await call({
    method: 'POST',
    url: '/api/report/websiteUser/login',
    headers: { ...fromSite, 'x-forwarded-for': `198.51.100.${++n}` },
    payload: {
      loginCode: encryptCredential(account),
      password: encryptCredential(password),
      validCode: CAPTCHA_TEST_CODE,
      unTime: String(Date.now()),
    },
  })
  expect(body(res).code).toBe(200)
  return cookie(res, 'rpt_session')!.value
}

const me = (session: string) => call({ url: '/api/report/websiteUser/getUserInfo', headers: { cookie: `rpt_session=${session}` } })

describe('the session cookie', () => {
  it('is HttpOnly and SameSite over http, and also Secure and __Host- over https', async () => {
    const plain = cookie((await register(false)).res, 'rpt_session')!
    expect(plain).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(plain.secure).toBeFalsy()
    const { res } = await register(true)
    expect(cookie(res, 'rpt_session')).toBeUndefined()
    expect(cookie(res, '__Host-rpt_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' })
    expect(cookie(res, '__Host-rpt_session')!.domain).toBeUndefined()
  })

  it('stops working upstream after a password change made in another session', async () => {
    const { account } = await register(false)
    const first = await login(account, 'Secret123')
    const second = await login(account, 'Secret123')
    const changed = await call({
      method: 'POST',
      url: '/api/report/websiteUser/updatePwd',
      headers: { ...fromSite, cookie: `rpt_session=${second}` },
      payload: { newPassword: encryptCredential('Changed456'), confirmNewPassword: encryptCredential('Changed456') },
    })
    expect(body(changed).code).toBe(200)
    expect(body(await me(second)).code).toBe(200)
    const revoked = await me(first)
    expect(body(revoked).code).toBe(5001)
    expect(cookie(revoked, 'rpt_session')?.value).toBe('')
  })
})

describe('the log', () => {
  it('holds no token, password or signed link, and neither do the answers', async () => {
    const { account, res } = await register(false)
    const secrets = [cookie(res, 'rpt_session')!.value, 'Secret123', encryptCredential('Secret123')]
    const session = await login(account, 'Secret123')
    secrets.push(session)
    await me(session)
    await call({ url: '/api/report/websiteUser/logout', headers: { ...fromSite, cookie: `rpt_session=${session}` } })
    const link = 'Zk9PQmFyQmF6UXV4LXNpZ25lZC1saW5rLXRva2VuLTQz'
    secrets.push(link)
    await call({ url: `/api/download/${link}` })
    await call({
      method: 'POST',
      url: '/bff/cache/purge',
      headers: { 'x-ops-token': 'guessed-ops-token', authorization: 'Bearer guessed-ops-token' },
      payload: {},
    })

    const log = lines.join('')
    expect(log).toContain('/api/report/websiteUser/getUserInfo')
    expect(log).toContain('/api/download/')
    for (const secret of secrets) expect(log.includes(secret), `log holds ${secret.slice(0, 6)}…`).toBe(false)
    expect(log).not.toContain('guessed-ops-token')
    const answered = answers.join('\n')
    for (const secret of secrets) expect(answered.includes(secret), `answer holds ${secret.slice(0, 6)}…`).toBe(false)
    expect(answered).not.toMatch(/"token"|\$argon2/)
  })
})
