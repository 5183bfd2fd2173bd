import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, buildBff, fromSite } from '../helpers/build-app.ts'
import { freePort } from '../helpers/core-process.ts'
import { envelope, startStubCore, type StubCore } from '../helpers/stub-core.ts'

let stub: StubCore
let bff: FastifyInstance
let coreReady = true
const OPS_TOKEN = 'ops-secret-token'

beforeAll(async () => {
  stub = await startStubCore((app) => {
    app.get('/health', async () => envelope({ status: 'ok', database: 'embedded' }))
    app.get('/health/ready', async (_request, reply) => (coreReady ? envelope({ status: 'ready', database: 'postgresql' }) : reply.status(503).send(envelope(null, 503, 'not ready'))))
    app.get('/basedata/carousel/listData', async () => envelope([{ id: '1' }]))
  })
  bff = await buildBff({ CORE_API_URL: stub.url, OPS_TOKEN, RATE_LIMIT_NOT_FOUND_MAX: 1 })
})

afterAll(async () => {
  await bff?.close()
  await stub?.close()
})

const carouselCalls = () => stub.seen.filter((s) => s.url.startsWith('/basedata/carousel')).length

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

describe('cache purge', () => {
  const purge = (headers: Record<string, string>, payload?: object) =>
    bff.inject({ method: 'POST', url: '/bff/cache/purge', headers, ...(payload ? { payload } : {}) })

  it('refuses without the operations token', async () => {
    expect((await purge({})).statusCode).toBe(401)
    expect((await purge({ 'x-ops-token': 'wrong' })).statusCode).toBe(401)
    expect(body(await purge({ authorization: 'Bearer nope', ...fromSite }))).toEqual({ code: 401, msg: '运维令牌无效', data: null })
  })

  it('empties the caches with it', async () => {
    await bff.inject({ url: '/api/basedata/carousel/listData' })
    expect((await bff.inject({ url: '/api/basedata/carousel/listData' })).headers['x-cache']).toBe('HIT')
    const before = carouselCalls()
    const res = await purge({ authorization: `Bearer ${OPS_TOKEN}` }, { cache: 'carousel' })
    expect(body(res)).toEqual({ code: 200, msg: '操作成功', data: { purged: ['carousel'] } })
    expect((await bff.inject({ url: '/api/basedata/carousel/listData' })).headers['x-cache']).toBe('MISS')
    expect(carouselCalls()).toBe(before + 1)
  })

  it('is refused altogether when no token is configured', async () => {
    const unguarded = await buildBff({ CORE_API_URL: stub.url })
    try {
      expect((await unguarded.inject({ method: 'POST', url: '/bff/cache/purge', headers: { 'x-ops-token': '' } })).statusCode).toBe(401)
    } finally {
      await unguarded.close()
    }
  })
})

describe('metrics', () => {
  it('exposes requests, latency, cache results, upstream errors and rate-limit rejections', async () => {
    await bff.inject({ url: '/api/basedata/carousel/listData?lang=en-US' })
    await bff.inject({ url: '/api/basedata/carousel/listData?lang=en-US' })
    await bff.inject({ url: '/no-such-thing.png' })
    await bff.inject({ url: '/no-such-thing.png' })
    const res = await bff.inject({ url: '/bff/metrics' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    const text = res.body
    expect(text).toMatch(/bff_http_requests_total\{method="GET",route="\/api\/basedata\/carousel\/listData",status="200"\} \d+/)
    expect(text).toContain('bff_http_request_duration_seconds_bucket')
    expect(text).toMatch(/bff_cache_events_total\{cache="carousel",result="HIT"\} \d+/)
    expect(text).toMatch(/bff_cache_events_total\{cache="carousel",result="MISS"\} \d+/)
    expect(text).toMatch(/bff_rate_limit_rejections_total\{policy="notFound"\} 1/)
    expect(text).toContain('bff_upstream_errors_total')
  })
})
