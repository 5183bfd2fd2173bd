import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SETTINGS } from '../../src/lib/settings-table.ts'
import { body, buildBff, cookie, fromSite } from '../helpers/build-app.ts'
import { freePort } from '../helpers/core-process.ts'
import { encryptCredential } from '../helpers/credentials.ts'
import { OPERATORS, OPS_TOKENS, ops, settingValues, stubContent } from '../helpers/ops.ts'
import { envelope, startStubCore, type StubCore } from '../helpers/stub-core.ts'

let stub: StubCore
let bff: FastifyInstance
let coreReady = true
const OPS_TOKEN = 'ops-secret-token'

beforeAll(async () => {
  stub = await startStubCore((app) => {
    app.get('/health', async () => envelope({ status: 'ok', database: 'embedded' }))
    app.get('/health/ready', async (_request, reply) =>
      coreReady ? envelope({ status: 'ready', database: 'postgresql' }) : reply.status(503).send(envelope(null, 503, 'not ready')),
    )
    stubContent(app)
  })
  // Failed ops sign-ins are limited per address; these tests fail on purpose often, from one address.
  bff = await buildBff({ CORE_API_URL: stub.url, OPS_TOKEN, OPS_TOKENS, RATE_LIMIT_NOT_FOUND_MAX: 1, RATE_LIMIT_OPS_AUTH_MAX: 1000 })
})

afterAll(async () => {
  await bff?.close()
  await stub?.close()
})

const carouselCalls = () => stub.seen.filter((s) => s.url.startsWith('/basedata/carousel')).length
const xCache = async (instance: FastifyInstance, url: string, payload?: object) =>
  (await instance.inject(payload ? { method: 'POST', url, payload, headers: fromSite } : { url })).headers['x-cache']

describe('health', () => {
  it('reports itself and the core API', async () => {
    expect(body(await bff.inject({ url: '/bff/health' }))).toEqual({ code: 200, msg: '操作成功', data: { status: 'ok', core: 'up' } })
  })

  it('stays healthy itself when the core API is down', async () => {
    const alone = await buildBff({ CORE_API_URL: `http://127.0.0.1:${await freePort()}` })
    try {
      const res = await alone.inject({ url: '/bff/health?lang=en-US' })
      expect(res.statusCode).toBe(200)
      expect(body(res).data).toEqual({ status: 'ok', core: 'down' })
    } finally {
      await alone.close()
    }
  })
})

describe('liveness and readiness', () => {
  it('is live, and ready while the core API is ready', async () => {
    const live = await bff.inject({ url: '/bff/health/live' })
    expect(body(live)).toEqual({ code: 200, msg: '操作成功', data: { status: 'live' } })
    const ready = await bff.inject({ url: '/bff/health/ready' })
    expect(ready.statusCode).toBe(200)
    expect(body(ready).data).toEqual({ status: 'ready', core: { status: 'ready', database: 'postgresql' } })
  })

  it('is not ready while the core API is not, or is down, and stays live', async () => {
    coreReady = false
    try {
      const notReady = await bff.inject({ url: '/bff/health/ready?lang=en-US' })
      expect(notReady.statusCode).toBe(503)
      expect(body(notReady)).toEqual({ code: 503, msg: 'The service is not ready yet. Please try again shortly.', data: null })
    } finally {
      coreReady = true
    }
    const alone = await buildBff({ CORE_API_URL: `http://127.0.0.1:${await freePort()}` })
    try {
      expect((await alone.inject({ url: '/bff/health/ready' })).statusCode).toBe(503)
      expect((await alone.inject({ url: '/bff/health/live' })).statusCode).toBe(200)
    } finally {
      await alone.close()
    }
  })
})

const OPS_CALLS: Array<{ method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object }> = [
  { method: 'GET', url: '/bff/ops/settings' },
  { method: 'PATCH', url: '/bff/ops/settings', payload: { RATE_LIMIT_LOGIN_MAX: 1 } },
  { method: 'POST', url: '/bff/ops/purge', payload: { all: true } },
  { method: 'POST', url: '/bff/ops/unblock', payload: { address: '203.0.113.1' } },
  { method: 'GET', url: '/bff/ops/stats' },
  { method: 'GET', url: '/bff/ops/audit' },
  { method: 'GET', url: '/bff/ops/keys?cache=dict' },
  { method: 'GET', url: '/bff/ops/reports?keyword=solar' },
  { method: 'GET', url: '/bff/ops/session' },
  { method: 'GET', url: '/bff/metrics' },
  { method: 'POST', url: '/bff/cache/purge', payload: {} },
]

describe('ops authentication', () => {
  it('refuses every ops call without a valid token with a bare 401, and changes nothing', async () => {
    const before = await settingValues(bff)
    for (const call of OPS_CALLS) {
      for (const headers of [
        {},
        { 'x-ops-token': 'wrong' },
        { authorization: 'Bearer nope' },
        { authorization: `Bearer ${OPERATORS.alice}x` },
        { 'x-ops-token': '' },
      ]) {
        const res = await bff.inject({ method: call.method, url: call.url, headers, ...(call.payload ? { payload: call.payload } : {}) })
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401)
        expect(body(res)).toEqual({ code: 401, msg: '运维令牌无效', data: null })
      }
    }
    expect(await settingValues(bff)).toEqual(before)
    expect(body(await ops(bff, 'GET', '/bff/ops/audit')).data.entries).toEqual([])
  })

  it('authenticates before it validates: a bad body without a token is a 401, not a 400', async () => {
    const res = await bff.inject({ method: 'PATCH', url: '/bff/ops/settings', payload: { NO_SUCH_SETTING: 'x' } })
    expect(res.statusCode).toBe(401)
  })

  it("takes each operator's token from OPS_TOKENS and OPS_TOKEN as the operator ops, by header or bearer", async () => {
    expect(body(await ops(bff, 'GET', '/bff/ops/session', undefined, OPERATORS.bob)).data).toEqual({ operator: 'bob' })
    expect(body(await ops(bff, 'GET', '/bff/ops/session', undefined, OPS_TOKEN)).data).toEqual({ operator: 'ops' })
    const byHeader = await bff.inject({ url: '/bff/ops/session', headers: { 'x-ops-token': OPERATORS.alice } })
    expect(body(byHeader).data).toEqual({ operator: 'alice' })
  })

  it('refuses every ops call when no token is configured', async () => {
    const unguarded = await buildBff({ CORE_API_URL: stub.url, RATE_LIMIT_OPS_AUTH_MAX: 1000 })
    try {
      for (const call of OPS_CALLS) {
        const res = await unguarded.inject({
          method: call.method,
          url: call.url,
          headers: { 'x-ops-token': '' },
          ...(call.payload ? { payload: call.payload } : {}),
        })
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401)
      }
    } finally {
      await unguarded.close()
    }
  })

  it('limits failed attempts per address: past the limit even the right token waits, other addresses do not', async () => {
    const limited = await buildBff({ CORE_API_URL: stub.url, OPS_TOKENS, RATE_LIMIT_OPS_AUTH_MAX: 3 })
    try {
      const from = (remoteAddress: string, token: string) => ops(limited, 'GET', '/bff/ops/settings', undefined, token, { remoteAddress })
      for (let i = 0; i < 3; i++) expect((await from('203.0.113.50', 'guess')).statusCode).toBe(401)
      const fourth = await from('203.0.113.50', 'guess')
      expect(fourth.statusCode).toBe(429)
      expect(body(fourth).code).toBe(429)
      expect((await from('203.0.113.50', OPERATORS.alice)).statusCode).toBe(429)
      expect((await from('203.0.113.51', OPERATORS.alice)).statusCode).toBe(200)
      // Presenting nothing at all (the ops page asking whether it is signed in) is refused but no attempt.
      for (let i = 0; i < 5; i++)
        expect((await limited.inject({ url: '/bff/ops/session', remoteAddress: '203.0.113.52' })).statusCode).toBe(401)
      expect((await from('203.0.113.52', OPERATORS.alice)).statusCode).toBe(200)
      // Another operator lets the address back in.
      const unblocked = await ops(limited, 'POST', '/bff/ops/unblock', { address: '203.0.113.50', policy: 'opsAuth' }, OPERATORS.bob, {
        remoteAddress: '203.0.113.51',
      })
      expect(body(unblocked)).toEqual({ code: 200, msg: '操作成功', data: { cleared: 1 } })
      expect((await from('203.0.113.50', OPERATORS.alice)).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('exchanges a token for an HttpOnly cookie the ops page signs in with; cookie writes must come from the site', async () => {
    const refused = await bff.inject({ method: 'POST', url: '/bff/ops/session', headers: fromSite, payload: { token: 'not-a-token' } })
    expect(refused.statusCode).toBe(401)
    expect(cookie(refused, 'rpt_ops')).toBeUndefined()

    const signIn = await bff.inject({ method: 'POST', url: '/bff/ops/session', headers: fromSite, payload: { token: OPERATORS.bob } })
    expect(body(signIn).data).toEqual({ operator: 'bob' })
    const session = cookie(signIn, 'rpt_ops')!
    expect(session.httpOnly).toBe(true)
    expect(session.sameSite).toBe('Strict')
    expect(session.path).toBe('/bff/ops')
    expect(session.value).not.toContain(OPERATORS.bob)
    const withCookie = { cookie: `rpt_ops=${session.value}` }

    expect(body(await bff.inject({ url: '/bff/ops/session', headers: withCookie })).data).toEqual({ operator: 'bob' })
    // The cookie rides along with any request: without the site's own headers a write is refused.
    const crossSite = await bff.inject({
      method: 'PATCH',
      url: '/bff/ops/settings',
      headers: withCookie,
      payload: { RATE_LIMIT_CAPTCHA_MAX: 29 },
    })
    expect(crossSite.statusCode).toBe(403)
    const fromPage = await bff.inject({
      method: 'PATCH',
      url: '/bff/ops/settings',
      headers: { ...withCookie, ...fromSite },
      payload: { RATE_LIMIT_CAPTCHA_MAX: null },
    })
    expect(fromPage.statusCode).toBe(200)
    // A forged or altered cookie is no session.
    const forged = session.value.replace(/^bob\./, 'alice.')
    expect((await bff.inject({ url: '/bff/ops/session', headers: { cookie: `rpt_ops=${forged}` } })).statusCode).toBe(401)

    const signOut = await bff.inject({ method: 'DELETE', url: '/bff/ops/session', headers: { ...withCookie, ...fromSite } })
    expect(signOut.statusCode).toBe(200)
    expect(cookie(signOut, 'rpt_ops')?.value).toBe('')
  })

  it('is CSRF-exempt with a token: scripts send no Origin', async () => {
    const res = await ops(bff, 'PATCH', '/bff/ops/settings', { RATE_LIMIT_CAPTCHA_MAX: null })
    expect(res.statusCode).toBe(200)
  })
})

describe('runtime settings', () => {
  it('lists every setting of the table with its value, default, start value and source', async () => {
    const { data } = body(await ops(bff, 'GET', '/bff/ops/settings?lang=en-US'))
    expect(data.scope).toBe('instance')
    expect(data.settings.map((s: { name: string }) => s.name)).toEqual(SETTINGS.map((s) => s.name))
    const notFound = data.settings.find((s: { name: string }) => s.name === 'RATE_LIMIT_NOT_FOUND_MAX')
    expect(notFound).toMatchObject({
      value: 1,
      default: 60,
      start: 1,
      source: 'env',
      min: 1,
      max: 1_000_000,
      group: 'limits',
      applies: 'notFound',
      unit: 'requests',
    })
    expect(notFound.description).toBe('Unknown paths per address per window')
    const dict = data.settings.find((s: { name: string }) => s.name === 'CACHE_TTL_DICT_S')
    expect(dict).toMatchObject({ value: 600, default: 600, start: 600, source: 'default', group: 'caches', applies: 'dict', unit: 's' })
  })

  it('refuses a change with an unknown name, a value out of range or not an integer, naming the setting, and applies none of it', async () => {
    const before = await settingValues(bff)
    const cases: Array<[object, RegExp]> = [
      [{ RATE_LIMIT_LOGIN_MAX: 3, NO_SUCH_SETTING: 1 }, /NO_SUCH_SETTING/],
      [{ RATE_LIMIT_LOGIN_MAX: 3, CACHE_TTL_DICT_S: -1 }, /CACHE_TTL_DICT_S/],
      [{ RATE_LIMIT_LOGIN_MAX: 3, RATE_LIMIT_WINDOW_S: 86_401 }, /RATE_LIMIT_WINDOW_S/],
      [{ RATE_LIMIT_LOGIN_MAX: 0 }, /RATE_LIMIT_LOGIN_MAX/],
      [{ CACHE_MAX_ENTRIES: 1.5 }, /CACHE_MAX_ENTRIES/],
      [{ SSR_CACHE_TTL_MS: '60000' }, /SSR_CACHE_TTL_MS/],
    ]
    for (const [payload, named] of cases) {
      const res = await ops(bff, 'PATCH', '/bff/ops/settings?lang=en-US', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(body(res).code).toBe(100001)
      expect(body(res).msg).toMatch(named)
    }
    expect((await ops(bff, 'PATCH', '/bff/ops/settings', {})).statusCode).toBe(400)
    expect(await settingValues(bff)).toEqual(before)
  })

  it('applies a lowered limit to the next request, and null puts the start value back', async () => {
    const save = (remoteAddress: string) =>
      bff.inject({
        method: 'POST',
        url: '/api/basedata/customerInfo/save',
        headers: fromSite,
        remoteAddress,
        payload: { type: '2', companyName: 'Acme' },
      })
    expect((await save('198.51.100.7')).statusCode).toBe(200)
    const changed = await ops(bff, 'PATCH', '/bff/ops/settings', { RATE_LIMIT_CUSTOMER_INFO_MAX: 1 })
    expect(body(changed).data.changed).toEqual({ before: { RATE_LIMIT_CUSTOMER_INFO_MAX: 10 }, after: { RATE_LIMIT_CUSTOMER_INFO_MAX: 1 } })
    const setting = body(changed).data.settings.find((s: { name: string }) => s.name === 'RATE_LIMIT_CUSTOMER_INFO_MAX')
    expect(setting).toMatchObject({ value: 1, source: 'runtime', start: 10 })
    expect((await save('198.51.100.8')).statusCode).toBe(200)
    const refused = await save('198.51.100.8')
    expect(refused.statusCode).toBe(429)
    expect(body(refused)).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试', data: null })

    const reset = await ops(bff, 'PATCH', '/bff/ops/settings', { RATE_LIMIT_CUSTOMER_INFO_MAX: null })
    expect(body(reset).data.settings.find((s: { name: string }) => s.name === 'RATE_LIMIT_CUSTOMER_INFO_MAX')).toMatchObject({
      value: 10,
      source: 'default',
    })
    expect((await save('198.51.100.8')).statusCode).toBe(200)
  })

  it('applies a lowered cache lifetime to what is cached already', async () => {
    const url = '/api/basedata/carousel/listData'
    await bff.inject({ url })
    expect(await xCache(bff, url)).toBe('HIT')
    await ops(bff, 'PATCH', '/bff/ops/settings', { CACHE_TTL_CAROUSEL_S: 1 })
    try {
      await new Promise((resolve) => setTimeout(resolve, 1100))
      // Past the new lifetime, within stale-while-revalidate: served while refreshed.
      expect(await xCache(bff, url)).toBe('STALE')
    } finally {
      await ops(bff, 'PATCH', '/bff/ops/settings', { CACHE_TTL_CAROUSEL_S: null })
    }
  })
})

describe('purge', () => {
  const hot = (lang: string) => `/api/report/researchReport/hotReports?lang=${lang}`
  const map = '/api/basedata/home/mapData?lang=zh-CN'
  const dict = (dictType: string) => ['/api/basedata/dict/listData', { dictType }] as const
  const warm = async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      await bff.inject({ url: hot(lang) })
      await bff.inject({ url: `/api/basedata/home/mapData?lang=${lang}` })
    }
    for (const type of ['reports_category', 'reports_category_en', 'market_type']) await xCache(bff, ...dict(type))
  }

  it('purges a report by webTitle: what lists it goes, everything else stays', async () => {
    await warm()
    expect(await xCache(bff, hot('zh-CN'))).toBe('HIT')
    const res = await ops(bff, 'POST', '/bff/ops/purge', { report: 'wind-2026' })
    expect(res.statusCode).toBe(200)
    expect(body(res).data.tags).toEqual(expect.arrayContaining(['report:wind-2026', 'report-id:12', 'report-id:22']))
    expect(body(res).data.dropped.data).toBe(2)
    expect(await xCache(bff, hot('zh-CN'))).toBe('MISS')
    expect(await xCache(bff, hot('en-US'))).toBe('MISS')
    expect(await xCache(bff, map)).toBe('HIT')
    expect(await xCache(bff, ...dict('market_type'))).toBe('HIT')
  })

  it('purges a report by id, resolved through the core API; a report nothing shows drops nothing', async () => {
    await warm()
    expect(body(await ops(bff, 'POST', '/bff/ops/purge', { report: '21' })).data.dropped.data).toBe(2)
    expect(await xCache(bff, hot('en-US'))).toBe('MISS')
    await warm()
    expect(body(await ops(bff, 'POST', '/bff/ops/purge', { report: 'hydro-2026' })).data.dropped.data).toBe(0)
    expect(await xCache(bff, hot('zh-CN'))).toBe('HIT')
  })

  it('purges a dictionary type (both editions by its base type), or a language', async () => {
    await warm()
    await ops(bff, 'POST', '/bff/ops/purge', { dict: 'reports_category' })
    expect(await xCache(bff, ...dict('reports_category'))).toBe('MISS')
    expect(await xCache(bff, ...dict('reports_category_en'))).toBe('MISS')
    expect(await xCache(bff, ...dict('market_type'))).toBe('HIT')

    await warm()
    await ops(bff, 'POST', '/bff/ops/purge', { language: 'en-US' })
    expect(await xCache(bff, hot('en-US'))).toBe('MISS')
    expect(await xCache(bff, '/api/basedata/home/mapData?lang=en-US')).toBe('MISS')
    expect(await xCache(bff, hot('zh-CN'))).toBe('HIT')
    expect(await xCache(bff, map)).toBe('HIT')
  })

  it('purges by cache name, by exact key from the key listing, or everything', async () => {
    await warm()
    const { keys } = body(await ops(bff, 'GET', '/bff/ops/keys?cache=map')).data
    const zhKey = keys.find((key: string) => key.includes(' zh-CN '))
    expect(zhKey).toMatch(/^map\|GET \/basedata\/home\/mapData zh-CN/)
    await ops(bff, 'POST', '/bff/ops/purge', { keys: [zhKey] })
    expect(await xCache(bff, map)).toBe('MISS')
    expect(await xCache(bff, '/api/basedata/home/mapData?lang=en-US')).toBe('HIT')

    await ops(bff, 'POST', '/bff/ops/purge', { cache: 'hotReports' })
    expect(await xCache(bff, hot('zh-CN'))).toBe('MISS')
    expect(await xCache(bff, map)).toBe('HIT')

    await ops(bff, 'POST', '/bff/ops/purge', { all: true })
    expect(await xCache(bff, map)).toBe('MISS')
  })

  it('takes exactly one target', async () => {
    for (const payload of [{}, { all: true, cache: 'dict' }, { report: 'x', dict: 'y' }, { cache: 'nope' }, { all: false }]) {
      const res = await ops(bff, 'POST', '/bff/ops/purge', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(body(res).code).toBe(100001)
    }
  })

  it('keeps POST /bff/cache/purge, with the token', async () => {
    await ops(bff, 'POST', '/bff/ops/purge', { cache: 'carousel' })
    await bff.inject({ url: '/api/basedata/carousel/listData' })
    expect(await xCache(bff, '/api/basedata/carousel/listData')).toBe('HIT')
    const before = carouselCalls()
    const res = await bff.inject({
      method: 'POST',
      url: '/bff/cache/purge',
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
      payload: { cache: 'carousel' },
    })
    expect(body(res)).toEqual({ code: 200, msg: '操作成功', data: { purged: ['carousel'] } })
    expect(await xCache(bff, '/api/basedata/carousel/listData')).toBe('MISS')
    expect(carouselCalls()).toBe(before + 1)
  })
})

describe('unblock', () => {
  it("clears an address's counters, or an account's (an e-mail address, a login name)", async () => {
    await ops(bff, 'PATCH', '/bff/ops/settings', {
      RATE_LIMIT_CUSTOMER_INFO_MAX: 1,
      RATE_LIMIT_CUSTOMER_INFO_ACCOUNT_MAX: 1,
      RATE_LIMIT_LOGIN_ACCOUNT_MAX: 1,
    })
    try {
      const save = (remoteAddress: string, email?: string) =>
        bff.inject({
          method: 'POST',
          url: '/api/basedata/customerInfo/save',
          headers: fromSite,
          remoteAddress,
          payload: { type: '2', ...(email ? { email } : {}) },
        })
      await save('198.51.100.20')
      expect((await save('198.51.100.20')).statusCode).toBe(429)
      await ops(bff, 'POST', '/bff/ops/unblock', { address: '198.51.100.20' })
      expect((await save('198.51.100.20')).statusCode).toBe(200)

      // Per account, from different addresses.
      await ops(bff, 'PATCH', '/bff/ops/settings', { RATE_LIMIT_CUSTOMER_INFO_MAX: 100 })
      await save('198.51.100.21', 'Buyer@Example.com')
      expect((await save('198.51.100.22', 'buyer@example.com')).statusCode).toBe(429)
      await ops(bff, 'POST', '/bff/ops/unblock', { account: 'buyer@example.com', policy: 'customerInfo' })
      expect((await save('198.51.100.23', 'buyer@example.com')).statusCode).toBe(200)

      // A login name: the login code the client sends for it is worked out with the credential key.
      const login = (remoteAddress: string) =>
        bff.inject({
          method: 'POST',
          url: '/api/report/websiteUser/login',
          headers: fromSite,
          remoteAddress,
          payload: { loginCode: encryptCredential('Carol_99'), password: 'x' },
        })
      expect((await login('198.51.100.30')).statusCode).toBe(400)
      expect((await login('198.51.100.31')).statusCode).toBe(429)
      await ops(bff, 'POST', '/bff/ops/unblock', { account: 'Carol_99' })
      expect((await login('198.51.100.32')).statusCode).toBe(400)
    } finally {
      await ops(bff, 'PATCH', '/bff/ops/settings', {
        RATE_LIMIT_CUSTOMER_INFO_MAX: null,
        RATE_LIMIT_CUSTOMER_INFO_ACCOUNT_MAX: null,
        RATE_LIMIT_LOGIN_ACCOUNT_MAX: null,
      })
    }
  })

  it('needs an address or an account', async () => {
    expect((await ops(bff, 'POST', '/bff/ops/unblock', { policy: 'login' })).statusCode).toBe(400)
    expect((await ops(bff, 'POST', '/bff/ops/unblock', { address: 'not an address' })).statusCode).toBe(400)
  })
})

describe('statistics', () => {
  it('shows the last hour per minute: cache results and sizes, requests and refusals per limit with the top refused, upstream calls', async () => {
    await ops(bff, 'PATCH', '/bff/ops/settings', { RATE_LIMIT_REGISTER_MAX: 1 })
    try {
      const register = () =>
        bff.inject({ method: 'POST', url: '/api/report/websiteUser/register', headers: fromSite, remoteAddress: '192.0.2.99', payload: {} })
      await register()
      expect((await register()).statusCode).toBe(429)
      await bff.inject({ url: '/api/basedata/home/mapData?lang=en-US' })
      await bff.inject({ url: '/api/basedata/home/mapData?lang=en-US' })
      const { data } = body(await ops(bff, 'GET', '/bff/ops/stats'))
      expect(data.scope).toBe('instance')
      expect(data.minutes).toHaveLength(60)
      const sum = (series: number[]) => series.reduce((a, b) => a + b, 0)
      expect(sum(data.caches.map.hits)).toBeGreaterThan(0)
      expect(sum(data.caches.map.misses)).toBeGreaterThan(0)
      expect(data.caches.map.hits).toHaveLength(60)
      expect(data.caches.map.entries).toBeGreaterThan(0)
      expect(data.caches.map.bytes).toBeGreaterThan(0)
      expect(data.caches.ssr).toMatchObject({ entries: 0 })
      expect(data.limits.register).toMatchObject({ max: 1, windowS: 60, accountMax: null })
      expect(sum(data.limits.register.requests)).toBeGreaterThanOrEqual(2)
      expect(data.limits.register.refusals.at(-1)).toBeGreaterThanOrEqual(1)
      expect(data.limits.register.topAddresses).toContainEqual({ key: '192.0.2.99', count: 1 })
      expect(sum(data.upstream.requests)).toBeGreaterThan(0)
      expect(data.upstream.avgMs.at(-1)).not.toBeNull()
    } finally {
      await ops(bff, 'PATCH', '/bff/ops/settings', { RATE_LIMIT_REGISTER_MAX: null })
    }
  })
})

describe('audit log', () => {
  it('holds each change, purge and unblock with the operator, time, before and after, and address; never a token', async () => {
    await ops(bff, 'PATCH', '/bff/ops/settings', { CACHE_TTL_MAP_S: 30 }, OPERATORS.bob, { remoteAddress: '192.0.2.10' })
    await ops(bff, 'PATCH', '/bff/ops/settings', { CACHE_TTL_MAP_S: null }, OPERATORS.bob, { remoteAddress: '192.0.2.10' })
    await ops(bff, 'POST', '/bff/ops/purge', { dict: 'market_type' }, OPS_TOKEN, { remoteAddress: '192.0.2.11' })
    await ops(bff, 'POST', '/bff/ops/unblock', { address: '192.0.2.99', policy: 'register' }, OPERATORS.alice, {
      remoteAddress: '192.0.2.12',
    })
    const res = await ops(bff, 'GET', '/bff/ops/audit?limit=4')
    const { entries, total, scope } = body(res).data
    expect(scope).toBe('instance')
    expect(total).toBeGreaterThanOrEqual(4)
    const [unblock, purge, reset, change] = entries
    expect(change).toMatchObject({
      operator: 'bob',
      action: 'settings',
      address: '192.0.2.10',
      before: { CACHE_TTL_MAP_S: 600 },
      after: { CACHE_TTL_MAP_S: 30 },
    })
    expect(reset).toMatchObject({ operator: 'bob', action: 'settings', before: { CACHE_TTL_MAP_S: 30 }, after: { CACHE_TTL_MAP_S: 600 } })
    expect(purge).toMatchObject({
      operator: 'ops',
      action: 'purge',
      address: '192.0.2.11',
      after: { dict: 'market_type', tags: ['dict:market_type'] },
    })
    expect(unblock).toMatchObject({
      operator: 'alice',
      action: 'unblock',
      address: '192.0.2.12',
      after: { address: '192.0.2.99', policy: 'register' },
    })
    for (const entry of entries) expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000)
    const everything = body(await ops(bff, 'GET', '/bff/ops/audit?limit=500')).data.entries
    const text = JSON.stringify(everything)
    for (const token of [OPS_TOKEN, ...Object.values(OPERATORS)]) expect(text).not.toContain(token)
    expect(everything.some((e: { action: string }) => e.action === 'purge' && JSON.stringify(e).includes('wind-2026'))).toBe(true)
  })
})

describe('report search', () => {
  it('finds reports by title in both editions', async () => {
    const { reports } = body(await ops(bff, 'GET', `/bff/ops/reports?keyword=${encodeURIComponent('solar')}`)).data
    expect(reports).toEqual([{ id: '21', webTitle: 'solar-2026', title: 'Solar 2026', lang: 'en-US' }])
    const zh = body(await ops(bff, 'GET', `/bff/ops/reports?keyword=${encodeURIComponent('光伏')}`)).data.reports
    expect(zh).toEqual([{ id: '11', webTitle: 'solar-2026', title: '光伏 2026', lang: 'zh-CN' }])
  })
})

describe('metrics', () => {
  it('needs an ops token', async () => {
    expect((await bff.inject({ url: '/bff/metrics' })).statusCode).toBe(401)
  })

  it('exposes requests, latency, cache results, upstream errors and latency, and rate-limit rejections', async () => {
    await bff.inject({ url: '/api/basedata/carousel/listData?lang=en-US' })
    await bff.inject({ url: '/api/basedata/carousel/listData?lang=en-US' })
    await bff.inject({ url: '/no-such-thing.png' })
    await bff.inject({ url: '/no-such-thing.png' })
    const res = await bff.inject({ url: '/bff/metrics', headers: { authorization: `Bearer ${OPERATORS.alice}` } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    const text = res.body
    expect(text).toMatch(/bff_http_requests_total\{method="GET",route="\/api\/basedata\/carousel\/listData",status="200",code="200"\} \d+/)
    expect(text).toContain('bff_http_request_duration_seconds_bucket')
    expect(text).toMatch(/bff_cache_events_total\{cache="carousel",result="HIT"\} \d+/)
    expect(text).toMatch(/bff_cache_events_total\{cache="carousel",result="MISS"\} \d+/)
    expect(text).toMatch(/bff_rate_limit_rejections_total\{policy="notFound"\} 1/)
    expect(text).toContain('bff_upstream_errors_total')
    expect(text).toMatch(/bff_upstream_duration_seconds_count\{via="direct"\} \d+/)
  })
})
