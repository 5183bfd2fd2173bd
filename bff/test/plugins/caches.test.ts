import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cacheKey } from '../../src/plugins/app/caches.ts'
import { body, buildBff, eventually } from '../helpers/build-app.ts'
import { envelope, startStubCore, type StubCore } from '../helpers/stub-core.ts'

let stub: StubCore
let release: () => void = () => {}
let gate: Promise<void> = Promise.resolve()

beforeAll(async () => {
  stub = await startStubCore((app) => {
    app.get('/report/researchReport/hotReports', async () => {
      await gate
      return envelope([{ id: '1' }])
    })
    app.get('/report/researchBriefReport/choicenessReports', async () => envelope([{ id: String(stub.seen.length) }]))
  })
})

afterAll(() => stub?.close())

const calls = (path: string) => stub.seen.filter((s) => s.url.startsWith(path)).length

describe('cacheKey', () => {
  it('includes method, path, language and every parameter, in a stable order', () => {
    const base = { method: 'POST' as const, path: '/basedata/dict/listData', lang: 'zh-CN' as const }
    expect(cacheKey({ ...base, params: { a: 1, b: 2 } })).toBe(cacheKey({ ...base, params: { b: 2, a: 1 } }))
    expect(cacheKey({ ...base, params: { a: 1 } })).not.toBe(cacheKey({ ...base, lang: 'en-US', params: { a: 1 } }))
    expect(cacheKey({ ...base, params: { a: 1 } })).not.toBe(cacheKey({ ...base, params: { a: 2 } }))
    expect(cacheKey({ ...base, params: { a: 1, b: '' } })).toBe(cacheKey({ ...base, params: { a: 1 } }))
  })
})

describe('through the app', () => {
  let bff: FastifyInstance

  beforeAll(async () => {
    bff = await buildBff({ CORE_API_URL: stub.url, CACHE_TTL_CHOICENESS_S: 0, CACHE_STALE_WHILE_REVALIDATE_S: 60 })
  })
  afterAll(() => bff?.close())

  it('makes one upstream call for concurrent misses of one key', async () => {
    gate = new Promise((resolve) => (release = resolve))
    const pending = Promise.all(Array.from({ length: 5 }, () => bff.inject({ url: '/api/report/researchReport/hotReports?lang=en-US' })))
    // Let every request reach the cache before the core API answers.
    expect(await eventually(async () => calls('/report/researchReport/hotReports') === 1)).toBe(true)
    release()
    const answers = await pending
    expect(answers.map((res) => res.headers['x-cache'])).toEqual(['MISS', 'MISS', 'MISS', 'MISS', 'MISS'])
    expect(answers.every((res) => body(res).data[0].id === '1')).toBe(true)
    expect(calls('/report/researchReport/hotReports')).toBe(1)
  })

  it('serves STALE past the TTL and refreshes in the background', async () => {
    const first = await bff.inject({ url: '/api/report/researchBriefReport/choicenessReports' })
    const second = await bff.inject({ url: '/api/report/researchBriefReport/choicenessReports' })
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['MISS', 'STALE'])
    expect(body(second)).toEqual(body(first))
    expect(await eventually(async () => calls('/report/researchBriefReport/choicenessReports') === 2)).toBe(true)
  })

  it('never sends the visitor session upstream on a shared (cached) call', async () => {
    const before = calls('/report/researchReport/hotReports')
    const res = await bff.inject({ url: '/api/report/researchReport/hotReports?lang=zh-CN', headers: { cookie: 'rpt_session=tok-1' } })
    expect(res.headers['x-cache']).toBe('MISS')
    expect(calls('/report/researchReport/hotReports')).toBe(before + 1)
    const seen = stub.seen.filter((s) => s.url.startsWith('/report/researchReport/hotReports')).at(-1)!
    expect(seen.headers['website-token']).toBeUndefined()
  })
})
