import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RedisCacheStore } from '../../src/lib/cache-store.ts'
import type { ConfigOverrides } from '../../src/config.ts'
import { body, buildBff, eventually, fromSite } from '../helpers/build-app.ts'
import { OPERATORS, OPS_TOKENS, ops, settingValues, stubContent } from '../helpers/ops.ts'
import { envelope, startStubCore, type StubCore } from '../helpers/stub-core.ts'

// Two BFF instances on one Redis, as behind a load balancer: what ops change
// or purge through one applies on the other within a second, and outlives a
// restart. CI sets REDIS_URL; without it there is nothing to share and the file is skipped.
const REDIS_URL = process.env.REDIS_URL ?? ''

const within = async (ms: number, check: () => Promise<boolean>) => {
  const started = Date.now()
  const passed = await eventually(check, Math.ceil(ms / 20))
  return passed && Date.now() - started <= ms
}

describe.skipIf(!REDIS_URL)('ops on two instances sharing Redis', () => {
  const prefix = `rpt:bff-ops-test:${randomBytes(6).toString('hex')}:`
  let stub: StubCore
  const instances: FastifyInstance[] = []
  let shared: ConfigOverrides
  const start = async (overrides: ConfigOverrides = {}) => {
    const instance = await buildBff({ ...shared, ...overrides })
    instances.push(instance)
    return instance
  }

  beforeAll(async () => {
    stub = await startStubCore((app) => {
      stubContent(app)
      for (const path of ['/report/researchBriefReport/choicenessReports', '/report/marketInfo/topList', '/basedata/config/findListByKeys'])
        app.get(path, async () => envelope([{ path }]))
      app.post('/report/researchReport/categoryList', async () => envelope([{ marketType: 'energy', count: 3 }]))
      // The sitemap lists the reports of each edition.
      app.post('/report/researchBriefReport/pageList', async () => envelope({ list: [], count: 0 }))
      app.post('/report/marketInfo/pageList', async () => envelope({ list: [], count: 0 }))
    })
    shared = { CORE_API_URL: stub.url, REDIS_URL, REDIS_KEY_PREFIX: prefix, OPS_TOKENS, SITEMAP_URLS_PER_FILE: 100 }
  })

  afterAll(async () => {
    for (const instance of instances) await instance.close()
    await stub?.close()
    // Leave nothing behind on a Redis other runs share.
    const redis = new Redis(REDIS_URL)
    await new RedisCacheStore(redis, prefix).clear()
    await redis.quit()
  })

  it('a limit lowered through A refuses on B within a second', async () => {
    const a = await start()
    const b = await start()
    const save = (instance: FastifyInstance, remoteAddress: string) =>
      instance.inject({ method: 'POST', url: '/api/basedata/customerInfo/save', headers: fromSite, remoteAddress, payload: { type: '2' } })
    expect((await save(b, '203.0.113.70')).statusCode).toBe(200)
    expect((await save(b, '203.0.113.70')).statusCode).toBe(200)
    const changed = await ops(a, 'PATCH', '/bff/ops/settings', { RATE_LIMIT_CUSTOMER_INFO_MAX: 2 })
    expect(body(changed).data.scope).toBe('cluster')
    expect(await within(1000, async () => (await save(b, '203.0.113.70')).statusCode === 429)).toBe(true)
    // The counters are shared too: an unblock through A lets the address in on B.
    await ops(a, 'POST', '/bff/ops/unblock', { address: '203.0.113.70' })
    expect((await save(b, '203.0.113.70')).statusCode).toBe(200)
    await ops(b, 'PATCH', '/bff/ops/settings', { RATE_LIMIT_CUSTOMER_INFO_MAX: null })
    expect(await within(1000, async () => (await settingValues(a)).RATE_LIMIT_CUSTOMER_INFO_MAX === 10)).toBe(true)
  })

  it('a cache lifetime changed through B is in effect on both', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance]
    const url = '/api/basedata/home/mapData?lang=en-US'
    for (const instance of [a, b]) {
      await instance.inject({ url })
      expect((await instance.inject({ url })).headers['x-cache']).toBe('HIT')
    }
    await ops(b, 'PATCH', '/bff/ops/settings', { CACHE_TTL_MAP_S: 1 })
    expect(await within(1000, async () => (await settingValues(a)).CACHE_TTL_MAP_S === 1)).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    // Each instance's own entry (CACHE_STORE=memory) is past the new lifetime: served stale while refreshed.
    for (const instance of [a, b]) expect((await instance.inject({ url })).headers['x-cache']).toBe('STALE')
  })

  it('a restarted instance comes up with the changed settings', async () => {
    await instances[0]!.close()
    const restarted = await buildBff(shared)
    instances[0] = restarted
    const { data } = body(await ops(restarted, 'GET', '/bff/ops/settings'))
    expect(data.settings.find((s: { name: string }) => s.name === 'CACHE_TTL_MAP_S')).toMatchObject({
      value: 1,
      source: 'runtime',
      start: 600,
    })
    await ops(restarted, 'PATCH', '/bff/ops/settings', { CACHE_TTL_MAP_S: null })
    for (const instance of instances)
      expect(await within(1000, async () => (await settingValues(instance)).CACHE_TTL_MAP_S === 600)).toBe(true)
  })

  for (const store of ['memory', 'redis'] as const) {
    it(`a purge of one report through A makes B answer MISS for what shows it, the rest stays HIT (CACHE_STORE=${store})`, async () => {
      const a = await start({ CACHE_STORE: store })
      const b = await start({ CACHE_STORE: store })
      // Each asked once: a second request loads what the first found missing. The home page (kept whole)
      // holds the English hot reports; the zh-CN ones are asked for directly.
      const showsWind = ['/bff/pages/home?lang=en-US', '/api/report/researchReport/hotReports?lang=zh-CN', '/sitemaps/zh-reports-1.xml']
      const showsOthers = ['/api/basedata/home/mapData?lang=zh-CN', '/sitemaps/en-pages.xml', '/api/basedata/carousel/listData?lang=zh-CN']
      const dict = { method: 'POST' as const, url: '/api/basedata/dict/listData', headers: fromSite, payload: { dictType: 'market_type' } }
      for (const instance of [a, b]) {
        for (const url of [...showsWind, ...showsOthers]) await instance.inject({ url })
        await instance.inject(dict)
      }
      for (const url of [...showsWind, ...showsOthers]) expect((await b.inject({ url })).headers['x-cache'], url).toBe('HIT')
      expect((await b.inject(dict)).headers['x-cache']).toBe('HIT')

      const purged = await ops(a, 'POST', '/bff/ops/purge', { report: 'wind-2026' })
      expect(body(purged).data.tags).toContain('report:wind-2026')
      for (const url of showsWind)
        expect(await within(1000, async () => (await b.inject({ url })).headers['x-cache'] === 'MISS'), url).toBe(true)
      for (const url of showsOthers) expect((await b.inject({ url })).headers['x-cache'], url).toBe('HIT')
      expect((await b.inject(dict)).headers['x-cache']).toBe('HIT')
    })
  }

  it('keeps one audit log for every instance and counts statistics across them', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance]
    await ops(b, 'POST', '/bff/ops/purge', { dict: 'market_type' }, OPERATORS.bob, { remoteAddress: '192.0.2.44' })
    const { data } = body(await ops(a, 'GET', '/bff/ops/audit?limit=100'))
    expect(data.scope).toBe('cluster')
    expect(data.entries[0]).toMatchObject({ operator: 'bob', action: 'purge', address: '192.0.2.44', after: { dict: 'market_type' } })
    const actions = data.entries.map((e: { action: string; operator: string }) => `${e.operator} ${e.action}`)
    expect(actions).toEqual(expect.arrayContaining(['alice settings', 'alice unblock', 'alice purge', 'bob purge']))
    expect(JSON.stringify(data.entries)).not.toContain(OPERATORS.alice)

    // B refused the address; A reads it once B has folded its counts into Redis (every few seconds).
    let stats: any
    const refusedOnB = async () => {
      stats = body(await ops(a, 'GET', '/bff/ops/stats')).data
      return stats.limits.customerInfo.refusals.reduce((x: number, y: number) => x + y, 0) >= 1
    }
    expect(await eventually(refusedOnB, 400)).toBe(true)
    expect(stats.scope).toBe('cluster')
    expect(stats.limits.customerInfo.topAddresses[0]).toMatchObject({ key: '203.0.113.70', count: 1 })
  })

  it('refuses bad tokens and bad values on either instance, changing nothing anywhere', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance]
    const before = await settingValues(b)
    expect((await ops(a, 'PATCH', '/bff/ops/settings', { RATE_LIMIT_LOGIN_MAX: 1 }, 'not-a-token')).statusCode).toBe(401)
    expect((await ops(a, 'PATCH', '/bff/ops/settings', { RATE_LIMIT_LOGIN_MAX: 1, CACHE_TTL_DICT_S: 99_999_999 })).statusCode).toBe(400)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await settingValues(b)).toEqual(before)
    expect(await settingValues(a)).toEqual(before)
  })
})
