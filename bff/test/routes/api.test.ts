import { randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, buildBff, cookie, fromSite } from '../helpers/build-app.ts'
import { CAPTCHA_TEST_CODE, startCore, type CoreProcess } from '../helpers/core-process.ts'
import { encryptCredential } from '../helpers/credentials.ts'

// /api against the real core API, started once for this file.

let core: CoreProcess
let bff: FastifyInstance

beforeAll(async () => {
  core = await startCore({ seed: false })
  bff = await buildBff({ CORE_API_URL: core.url })
})

afterAll(async () => {
  await bff?.close()
  await core?.stop()
})

// Each test acts from its own address so the per-address limits stay out of the way.
let addressCounter = 10
const nextAddress = () => `10.0.0.${addressCounter++}`

describe('allow-list', () => {
  it('proxies /api/<path> to the core API', async () => {
    const res = await bff.inject({
      method: 'POST',
      url: '/api/report/researchReport/pageList',
      headers: fromSite,
      payload: { pageSize: 5 },
    })
    expect(res.statusCode).toBe(200)
    expect(body(res).data).toMatchObject({ pageList: { pageNo: 1, pageSize: 5 } })
  })

  it('answers 404 for paths the core API has but the list does not', async () => {
    for (const url of ['/api/health', '/api/docs/json', '/api/report/researchReport/pageList']) {
      const res = await bff.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(body(res)).toEqual({ code: 404, msg: '请求的资源不存在', data: null })
    }
  })

  it('passes the core API errors through with their status and code', async () => {
    const res = await bff.inject({ url: '/api/report/researchReport/form?webTitle=no-such-report', headers: { cookie: 'locale=en-US' } })
    // HTTP 200 with the outcome in code, as the legacy backend answered.
    expect(res.statusCode).toBe(200)
    expect(body(res)).toEqual({ code: 100005, msg: 'The research report does not exist.', data: null })
  })

  it('answers in the language the request names over the locale cookie', async () => {
    const res = await bff.inject({
      url: '/api/report/researchReport/form?webTitle=no-such-report&lang=zh-CN',
      headers: { cookie: 'locale=en-US' },
    })
    expect(body(res).msg).toBe('研究报告为空')
  })

  it('validates the custom request form upstream and shows the answer', async () => {
    const res = await bff.inject({
      method: 'POST',
      url: '/api/basedata/customerInfo/save',
      headers: { ...fromSite, cookie: 'locale=en-US' },
      remoteAddress: nextAddress(),
      payload: { type: '2', companyName: '', email: 'a@b.cn', contact: '13800000000', name: 'x', demand: 'y' },
    })
    expect(res.statusCode).toBe(200)
    expect(body(res).code).toBe(100001)
  })
})

describe('cached calls', () => {
  it('answers MISS, then HIT, keyed by language', async () => {
    const first = await bff.inject({ url: '/api/basedata/carousel/listData?lang=en-US' })
    const second = await bff.inject({ url: '/api/basedata/carousel/listData?lang=en-US' })
    const chinese = await bff.inject({ url: '/api/basedata/carousel/listData', headers: { cookie: 'locale=zh-CN' } })
    expect([first.headers['x-cache'], second.headers['x-cache'], chinese.headers['x-cache']]).toEqual(['MISS', 'HIT', 'MISS'])
    expect(body(second)).toEqual(body(first))
    expect(body(first).msg).toBe('success')
    expect(body(chinese).msg).toBe('操作成功')
  })

  it('keys POST bodies by their fields', async () => {
    const ask = (dictType: string) =>
      bff.inject({ method: 'POST', url: '/api/basedata/dict/listData', headers: fromSite, payload: { dictType } })
    expect((await ask('market_type')).headers['x-cache']).toBe('MISS')
    expect((await ask('market_type_en')).headers['x-cache']).toBe('MISS')
    expect((await ask('market_type')).headers['x-cache']).toBe('HIT')
  })

  it('ignores unknown fields, keeping them out of the cache key', async () => {
    await bff.inject({ url: '/api/basedata/carousel/listData?lang=en-US' })
    const res = await bff.inject({ url: '/api/basedata/carousel/listData?lang=en-US&bust=1732500000000' })
    expect(res.statusCode).toBe(200)
    expect(body(res).code).toBe(200)
    // The cache-busting parameter does not bust the cache.
    expect(res.headers['x-cache']).toBe('HIT')
  })

  it('does not keep error answers', async () => {
    const ask = () =>
      bff.inject({ method: 'POST', url: '/api/basedata/dict/listData', headers: fromSite, payload: { dictType: 'secret_things' } })
    const res = await ask()
    expect(res.statusCode).toBe(200)
    expect(body(res).code).toBe(100001)
    expect((await ask()).headers['x-cache']).toBe('MISS')
  })
})

describe('CSRF', () => {
  const post = (headers: Record<string, string>) =>
    bff.inject({
      method: 'POST',
      url: '/api/report/researchReport/pageList',
      headers: { 'content-type': 'application/json', ...headers },
      payload: '{}',
    })

  it('refuses a cross-site POST', async () => {
    const res = await post({ origin: 'https://evil.example', 'x-requested-with': 'XMLHttpRequest' })
    expect(res.statusCode).toBe(403)
    expect(body(res)).toEqual({ code: 403, msg: '请求来源不受信任，已拒绝', data: null })
  })

  it('refuses a POST without X-Requested-With, even from the site', async () => {
    expect((await post({ origin: 'http://site.test' })).statusCode).toBe(403)
  })

  it('refuses a POST that names neither its origin nor its site', async () => {
    expect((await post({ 'x-requested-with': 'x' })).statusCode).toBe(403)
    expect((await post({ 'x-requested-with': 'x', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403)
  })

  it('accepts the site itself: a trusted origin, its own origin, or Sec-Fetch-Site same-origin', async () => {
    expect((await post({ origin: 'http://site.test', 'x-requested-with': 'x' })).statusCode).toBe(200)
    expect((await post({ origin: 'http://localhost:80', 'x-requested-with': 'x' })).statusCode).toBe(200)
    expect((await post({ 'sec-fetch-site': 'same-origin', 'x-requested-with': 'x' })).statusCode).toBe(200)
  })
})

describe('rate limits', () => {
  it('meets 30 rapid logins from one address with 429, an envelope and Retry-After', async () => {
    const limited = await buildBff({ CORE_API_URL: core.url })
    try {
      const statuses: number[] = []
      let refused: LightMyRequestResponse | undefined
      for (let i = 0; i < 30; i += 1) {
        const res = await limited.inject({
          method: 'POST',
          url: '/api/report/websiteUser/login',
          headers: { ...fromSite, cookie: 'locale=en-US' },
          remoteAddress: '192.0.2.1',
          payload: { loginCode: `user-${i}`, password: 'x', validCode: 'x', unTime: '1' },
        })
        statuses.push(res.statusCode)
        if (res.statusCode === 429) refused = res
      }
      expect(statuses.slice(0, 10)).not.toContain(429)
      expect(statuses.slice(10).every((status) => status === 429)).toBe(true)
      expect(body(refused!)).toEqual({ code: 429, msg: 'Too many requests. Please try again later.', data: null })
      expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0)
      // Another address still gets through.
      const other = await limited.inject({
        method: 'POST',
        url: '/api/report/websiteUser/login',
        headers: fromSite,
        remoteAddress: '192.0.2.2',
        payload: { loginCode: 'someone' },
      })
      expect(other.statusCode).not.toBe(429)
    } finally {
      await limited.close()
    }
  })

  it('limits one account across addresses', async () => {
    const limited = await buildBff({ CORE_API_URL: core.url, RATE_LIMIT_LOGIN_ACCOUNT_MAX: 3 })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 4; i += 1) {
        const res = await limited.inject({
          method: 'POST',
          url: '/api/report/websiteUser/login',
          headers: fromSite,
          remoteAddress: `198.51.100.${i}`,
          payload: { loginCode: 'same-account' },
        })
        statuses.push(res.statusCode)
      }
      expect(statuses.slice(0, 3)).not.toContain(429)
      expect(statuses[3]).toBe(429)
    } finally {
      await limited.close()
    }
  })

  it('limits unknown paths', async () => {
    const limited = await buildBff({ CORE_API_URL: core.url, RATE_LIMIT_NOT_FOUND_MAX: 2 })
    try {
      const statuses = []
      for (let i = 0; i < 3; i += 1) statuses.push((await limited.inject({ url: `/api/nothing-${i}` })).statusCode)
      expect(statuses).toEqual([404, 404, 429])
    } finally {
      await limited.close()
    }
  })

  it('limits expensive report searches per visitor (symbol and one-character keywords, deep pages), and no other search', async () => {
    const limited = await buildBff({ CORE_API_URL: core.url, RATE_LIMIT_SEARCH_MAX: 2 })
    try {
      const search = (payload: Record<string, unknown>, remoteAddress = '10.9.0.1') =>
        limited.inject({
          method: 'POST',
          url: '/api/report/researchReport/pageList',
          headers: fromSite,
          remoteAddress,
          payload: { lang: 'zh-CN', pageSize: 10, ...payload },
        })
      const statuses = []
      for (const payload of [{ keyword: '%' }, { queryKeyword: '车' }, { pageNo: 51 }, { keyword: '。，' }])
        statuses.push((await search(payload)).statusCode)
      expect(statuses).toEqual([200, 200, 429, 429])
      const refused = await search({ keyword: '.' })
      expect(body(refused)).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试', data: null })
      // Selective searches and the first pages stay open to the same visitor, and other visitors are not touched.
      for (const payload of [{ keyword: '锂电' }, { keyword: 'battery' }, { pageNo: 50 }, {}])
        expect((await search(payload)).statusCode).toBe(200)
      expect((await search({ keyword: '%' }, '10.9.0.2')).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe('accounts', () => {
  const account = `u${randomBytes(4).toString('hex')}`
  const password = 'Secret-123'

  async function captcha(remoteAddress: string) {
    const unTime = String(Date.now())
    await bff.inject({
      method: 'POST',
      url: '/api/report/websiteUser/getWuValidCode',
      headers: fromSite,
      remoteAddress,
      payload: { unTime },
    })
    return unTime
  }

  async function login(remoteAddress: string) {
    const unTime = await captcha(remoteAddress)
    return bff.inject({
      method: 'POST',
      url: '/api/report/websiteUser/login',
      headers: fromSite,
      remoteAddress,
      payload: { loginCode: encryptCredential(account), password: encryptCredential(password), validCode: CAPTCHA_TEST_CODE, unTime },
    })
  }

  it('registers, logs in with the token only in the cookie, and is authenticated by it', async (ctx) => {
    // Written ahead of the accounts issue: skipped on a core API without them.
    if (!core.hasAccounts) ctx.skip()
    const address = nextAddress()
    const registered = await bff.inject({
      method: 'POST',
      url: '/api/report/websiteUser/register',
      headers: fromSite,
      remoteAddress: address,
      payload: {
        loginCode: encryptCredential(account),
        password: encryptCredential(password),
        confirmNewPassword: encryptCredential(password),
        companyName: '测试公司',
        addr: '经理',
        email: `${account}@example.com`,
        contact: '13800138000',
        name: '测试',
      },
    })
    expect(body(registered).code).toBe(200)
    expect(JSON.stringify(body(registered))).not.toMatch(/token/i)

    const res = await login(address)
    expect(res.statusCode).toBe(200)
    const answer = body(res)
    expect(answer.code).toBe(200)
    expect(answer.data.user).toMatchObject({ id: expect.anything(), name: '测试' })
    expect(answer.data).not.toHaveProperty('token')
    const session = cookie(res, 'rpt_session')!
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(session.value.length).toBeGreaterThan(10)
    expect(res.body).not.toContain(session.value)

    const me = await bff.inject({ url: '/api/report/websiteUser/getUserInfo', headers: { cookie: `rpt_session=${session.value}` } })
    expect(body(me).code).toBe(200)

    const anonymous = await bff.inject({ url: '/api/report/websiteUser/getUserInfo' })
    expect(body(anonymous).code).toBe(200001)

    const out = await bff.inject({
      url: '/api/report/websiteUser/logout',
      headers: { ...fromSite, cookie: `rpt_session=${session.value}` },
    })
    expect(cookie(out, 'rpt_session')?.value).toBe('')
    const revoked = await bff.inject({ url: '/api/report/websiteUser/getUserInfo', headers: { cookie: `rpt_session=${session.value}` } })
    expect(body(revoked).code).toBe(5001)
    expect(cookie(revoked, 'rpt_session')?.value).toBe('')
  })

  it('clears a cookie the core API does not know (5001)', async (ctx) => {
    // Written ahead of the accounts issue: skipped on a core API without them.
    if (!core.hasAccounts) ctx.skip()
    const res = await bff.inject({ url: '/api/report/websiteUser/getUserInfo', headers: { cookie: 'rpt_session=not-a-real-token' } })
    expect(body(res).code).toBe(5001)
    expect(cookie(res, 'rpt_session')?.value).toBe('')
  })

  it('streams the captcha image through', async (ctx) => {
    // Written ahead of the accounts issue: skipped on a core API without them.
    if (!core.hasAccounts) ctx.skip()
    const res = await bff.inject({ url: `/api/report/websiteUser/getValidCode?unTime=${Date.now()}`, remoteAddress: nextAddress() })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/svg/)
  })
})
