import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CORE_SETTINGS_MEMO_MS } from '@rpt/contract'
import { buildBff, eventually, fromSite } from '../helpers/build-app.ts'
import { envelope, startStubCore, type StubCore } from '../helpers/stub-core.ts'

// Each instance polls the core API's content changes and empties its own
// caches of what their tags name, and nothing else.

let stub: StubCore
/** What the stub's feed holds; null: it answers 404, as a core API from before the feed does. */
let feed: Array<{ id: string; tags: string[] }> | null = []

beforeAll(async () => {
  stub = await startStubCore((app) => {
    app.get('/content/changes', async (request, reply) => {
      if (feed === null) return reply.status(404).send(envelope(null, 404, 'not found'))
      const after = (request.query as { after?: string }).after
      const last = feed.at(-1)?.id ?? '0'
      if (after === undefined) return envelope({ last, changes: [] })
      return envelope({ last, changes: feed.filter((change) => Number(change.id) > Number(after)) })
    })
    app.get('/report/researchReport/hotReports', async () => envelope([{ id: '1', webTitle: 'solar' }]))
    app.get('/report/researchBriefReport/choicenessReports', async () => envelope([{ id: '9' }]))
    app.post('/basedata/dict/listData', async () => envelope([{ dictValue: '1', dictLabel: 'Energy' }]))
    app.get('/basedata/carousel/listData', async () => envelope([{ id: '1', title: 'Slide' }]))
    app.get('/basedata/config/findListByKeys', async () => envelope([{ configKey: 'cn.contact.phone', configValue: '1' }]))
  })
})

afterAll(() => stub?.close())

const calls = (path: string) => stub.seen.filter((s) => s.url.startsWith(path)).length

async function prime(bff: FastifyInstance) {
  const hot = await bff.inject({ url: '/api/report/researchReport/hotReports' })
  const bulletins = await bff.inject({ url: '/api/report/researchBriefReport/choicenessReports' })
  const dict = await bff.inject({
    method: 'POST',
    url: '/api/basedata/dict/listData',
    headers: fromSite,
    payload: { dictType: 'reports_category' },
  })
  return [hot, bulletins, dict].map((res) => res.headers['x-cache'])
}

describe('purges by content changes', () => {
  let bff: FastifyInstance

  beforeAll(async () => {
    feed = [{ id: '1', tags: ['collection:reports'] }]
    bff = await buildBff({ CORE_API_URL: stub.url, CONTENT_CHANGES: 'poll', CONTENT_POLL_MS: 100 })
    expect(await eventually(async () => bff.contentChanges.last === '1')).toBe(true)
  })

  afterAll(() => bff?.close())

  it('ignores what changed before the instance started', async () => {
    expect(await prime(bff)).toEqual(['MISS', 'MISS', 'MISS'])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await prime(bff)).toEqual(['HIT', 'HIT', 'HIT'])
  })

  it('drops the entries a change tags, within a poll or two, and keeps the rest', async () => {
    const hotCalls = calls('/report/researchReport/hotReports')
    feed!.push({ id: '2', tags: ['collection:reports', 'report:solar'] })
    const started = Date.now()
    expect(await eventually(async () => bff.contentChanges.last === '2')).toBe(true)
    expect(Date.now() - started).toBeLessThan(2000)
    expect(await prime(bff)).toEqual(['MISS', 'HIT', 'HIT'])
    expect(calls('/report/researchReport/hotReports')).toBe(hotCalls + 1)
    // The core API's search may answer a list from before the change while its database is busy: purged again after it.
    await new Promise((resolve) => setTimeout(resolve, CORE_SETTINGS_MEMO_MS + 500))
    expect(await prime(bff)).toEqual(['MISS', 'HIT', 'HIT'])
  })

  it('drops the bulletins for a bulletin change, and not the reports', async () => {
    feed!.push({ id: '3', tags: ['collection:bulletins'] })
    expect(await eventually(async () => bff.contentChanges.last === '3')).toBe(true)
    expect(await prime(bff)).toEqual(['HIT', 'MISS', 'HIT'])
  })

  it('drops a dictionary by its tag', async () => {
    feed!.push({ id: '4', tags: ['dict:reports_category'] })
    expect(await eventually(async () => bff.contentChanges.last === '4')).toBe(true)
    expect(await prime(bff)).toEqual(['HIT', 'HIT', 'MISS'])
    expect(await prime(bff)).toEqual(['HIT', 'HIT', 'HIT'])
    // Fetched again at once, it may have come from a core instance whose memo still held the old one: purged again after it.
    await new Promise((resolve) => setTimeout(resolve, CORE_SETTINGS_MEMO_MS + 500))
    expect(await prime(bff)).toEqual(['HIT', 'HIT', 'MISS'])
  })

  it("drops a language's carousel and a configuration key by their tags (staff's updateCarousel, updateConfig)", async () => {
    const site = () =>
      Promise.all([
        bff.inject({ url: '/api/basedata/carousel/listData?lang=zh-CN' }),
        bff.inject({ url: '/api/basedata/carousel/listData?lang=en-US' }),
        bff.inject({ url: '/api/basedata/config/findListByKeys?keys=cn.contact.phone,cn.contact.email' }),
        bff.inject({ url: '/api/basedata/config/findListByKeys?keys=cn.site.name' }),
      ]).then((answers) => answers.map((res) => res.headers['x-cache']))
    await site()
    expect(await site()).toEqual(['HIT', 'HIT', 'HIT', 'HIT'])
    feed!.push({ id: '5', tags: ['carousel:en-US', 'config:cn.contact.email'] })
    expect(await eventually(async () => bff.contentChanges.last === '5')).toBe(true)
    expect(await site()).toEqual(['HIT', 'MISS', 'MISS', 'HIT'])
    expect(await prime(bff)).toEqual(['HIT', 'HIT', 'HIT'])
  })
})

describe('a core API without the feed', () => {
  it('keeps serving, and starts purging once the feed answers', async () => {
    feed = null
    const feedAsks = () => stub.seen.filter((s) => s.url.startsWith('/content/changes')).length
    const asksBefore = feedAsks()
    const bff = await buildBff({ CORE_API_URL: stub.url, CONTENT_CHANGES: 'poll', CONTENT_POLL_MS: 100 })
    try {
      await new Promise((resolve) => setTimeout(resolve, 400))
      expect(bff.contentChanges.last).toBeUndefined()
      expect((await bff.inject({ url: '/api/report/researchReport/hotReports' })).statusCode).toBe(200)
      // Backing off: a few asks in 400 ms, not one per 100 ms poll.
      expect(feedAsks() - asksBefore).toBeLessThan(40)
      feed = [{ id: '7', tags: [] }]
      expect(await eventually(async () => bff.contentChanges.last === '7', 200)).toBe(true)
    } finally {
      await bff.close()
    }
  })
})
