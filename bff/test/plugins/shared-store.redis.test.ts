import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RedisCacheStore } from '../../src/lib/cache-store.ts'
import { body, buildBff, eventually, fromSite } from '../helpers/build-app.ts'
import { answered, startFixtureStub, type StubCore } from '../helpers/fixture-stub.ts'

// Two BFF instances behind one load balancer, sharing Redis. CI sets
// REDIS_URL; without it there is nothing to share and the file is skipped.
const REDIS_URL = process.env.REDIS_URL ?? ''

describe.skipIf(!REDIS_URL)('with Redis', () => {
  const prefix = `rpt:bff-test:${randomBytes(6).toString('hex')}:`
  let stub: StubCore
  let a: FastifyInstance
  let b: FastifyInstance

  beforeAll(async () => {
    // The home page's parts as recorded; every login refused (code 200003, HTTP 200).
    stub = await startFixtureStub()
    // A prefix of its own keeps this run apart from any other on the same server.
    const shared = {
      CORE_API_URL: stub.url,
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMIT_LOGIN_MAX: 4,
      OPS_TOKEN: 'ops-token',
    }
    a = await buildBff(shared)
    b = await buildBff(shared)
    sharedStoreA = await buildBff({ ...shared, CACHE_STORE: 'redis' })
    sharedStoreB = await buildBff({ ...shared, CACHE_STORE: 'redis' })
  })

  afterAll(async () => {
    for (const instance of [a, b, sharedStoreA, sharedStoreB]) await instance?.close()
    await stub?.close()
    // Leave nothing behind on a Redis other runs share.
    const redis = new Redis(REDIS_URL)
    await new RedisCacheStore(redis, prefix).clear()
    await redis.quit()
  })

  let sharedStoreA: FastifyInstance
  let sharedStoreB: FastifyInstance

  it('shares one cache between instances with CACHE_STORE=redis', async () => {
    const url = '/api/basedata/home/mapData?lang=en-US'
    const upstreamCalls = () => answered(stub, '/basedata/home/mapData?lang=en-US')
    const before = upstreamCalls()
    const first = await sharedStoreA.inject({ url })
    expect(first.headers['x-cache']).toBe('MISS')
    const fromOther = await sharedStoreB.inject({ url })
    expect(fromOther.headers['x-cache']).toBe('HIT')
    expect(body(fromOther).data).toEqual(body(first).data)
    expect(body(fromOther).data.regions.length).toBeGreaterThan(0)
    expect(upstreamCalls()).toBe(before + 1)
    // A purge empties the shared store too.
    await sharedStoreA.inject({
      method: 'POST',
      url: '/bff/cache/purge',
      headers: { 'x-ops-token': 'ops-token' },
      payload: { cache: 'map' },
    })
    expect((await sharedStoreB.inject({ url })).headers['x-cache']).toBe('MISS')
  })

  it('keeps a home page no longer than a second over a shared store another instance may empty unheard', async () => {
    const url = '/bff/pages/home?lang=en-US'
    await sharedStoreB.inject({ url })
    expect((await sharedStoreB.inject({ url })).headers['x-cache']).toBe('HIT')
    // Emptied behind its back, as when the purge message is lost in a reconnect.
    const redis = new Redis(REDIS_URL)
    try {
      await new RedisCacheStore(redis, `${prefix}cache:`).clear()
    } finally {
      await redis.quit()
    }
    const started = Date.now()
    expect(await eventually(async () => (await sharedStoreB.inject({ url })).headers['x-cache'] === 'MISS', 150)).toBe(true)
    expect(Date.now() - started).toBeLessThan(2500)
  })

  it('shares one rate-limit budget between instances', async () => {
    const login = (instance: FastifyInstance) =>
      instance.inject({
        method: 'POST',
        url: '/api/report/websiteUser/login',
        headers: fromSite,
        remoteAddress: '203.0.113.9',
        payload: { loginCode: `c${Math.random()}` },
      })
    const statuses = []
    for (const instance of [a, b, a, b]) statuses.push((await login(instance)).statusCode)
    expect(statuses).toEqual([200, 200, 200, 200])
    const fifth = await login(b)
    expect(fifth.statusCode).toBe(429)
    expect(body(fifth).code).toBe(429)
    expect((await login(a)).statusCode).toBe(429)
  })

  it('purges the caches of every instance', async () => {
    await a.inject({ url: '/api/basedata/home/mapData' })
    await b.inject({ url: '/api/basedata/home/mapData' })
    expect((await b.inject({ url: '/api/basedata/home/mapData' })).headers['x-cache']).toBe('HIT')
    const purged = await a.inject({ method: 'POST', url: '/bff/cache/purge', headers: { 'x-ops-token': 'ops-token' } })
    expect(purged.statusCode).toBe(200)
    // The purge travels by pub/sub; b drops its entry once the message arrives.
    expect(await eventually(async () => (await b.inject({ url: '/api/basedata/home/mapData' })).headers['x-cache'] === 'MISS')).toBe(true)
  })
})
