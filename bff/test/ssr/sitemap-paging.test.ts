import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildBff } from '../helpers/build-app.ts'
import { envelope, startStubCore, type StubCore } from '../helpers/stub-core.ts'

// A catalogue of 100,000 reports per edition, served by a stub core API that
// counts what it is asked: the index costs one call per edition and type, a
// child file only the pages of 100 it lists.

const REPORTS = 100_000
const SITE = 'https://www.example.test'

let core: StubCore
let bff: FastifyInstance

const item = (n: number) => ({ webTitle: `report-${n}`, publishDate: '2026-11-01 08:00:00' })

beforeAll(async () => {
  core = await startStubCore((app) => {
    app.post('/report/researchReport/pageList', async (request) => {
      const { pageNo = 1, pageSize = 10 } = JSON.parse((request.body as string | undefined) || '{}') as {
        pageNo?: number
        pageSize?: number
      }
      const from = (pageNo - 1) * pageSize
      const list = Array.from({ length: Math.max(0, Math.min(pageSize, REPORTS - from)) }, (_, i) => item(from + i + 1))
      return envelope({ categories: [], prices: [], publishDates: [], pageList: { list, count: REPORTS, pageNo, pageSize } })
    })
    for (const path of ['/report/researchBriefReport/pageList', '/report/marketInfo/pageList']) {
      app.post(path, async () => envelope({ list: [], count: 0, pageNo: 1, pageSize: 1 }))
    }
  })
  bff = await buildBff({ CORE_API_URL: core.url, SITE_URL: SITE })
})

afterAll(async () => {
  await bff?.close()
  await core?.close()
})

const upstreamPages = () =>
  core.seen
    .filter((s) => s.url === '/report/researchReport/pageList')
    .map((s) => JSON.parse(s.body) as { pageNo: number; pageSize: number })

describe('sitemaps of a 100,000-report catalogue', () => {
  it('indexes ten files of 10,000 reports per edition from one count per edition and type', async () => {
    const res = await bff.inject({ url: '/sitemap.xml' })
    expect(res.statusCode).toBe(200)
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    for (const edition of ['zh', 'en']) {
      expect(locs).toContain(`${SITE}/sitemaps/${edition}-pages.xml`)
      for (let n = 1; n <= 10; n += 1) expect(locs).toContain(`${SITE}/sitemaps/${edition}-reports-${n}.xml`)
      expect(locs).not.toContain(`${SITE}/sitemaps/${edition}-reports-11.xml`)
      // Empty catalogues get no file.
      expect(locs).not.toContain(`${SITE}/sitemaps/${edition}-news-1.xml`)
    }
    expect(upstreamPages()).toEqual([
      { pageNo: 1, pageSize: 1, lang: 'zh-CN' },
      { pageNo: 1, pageSize: 1, lang: 'en-US' },
    ])
    // Cached: a second crawl asks nothing upstream.
    await bff.inject({ url: '/sitemap.xml' })
    expect(upstreamPages()).toHaveLength(2)
  })

  it('builds one child from its own 100 pages of 100', async () => {
    core.seen.length = 0
    const res = await bff.inject({ url: '/sitemaps/en-reports-3.xml' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toHaveLength(10_000)
    expect(locs[0]).toBe(`${SITE}/en/reports/report-20001`)
    expect(locs.at(-1)).toBe(`${SITE}/en/reports/report-30000`)
    expect(res.body).toContain('<lastmod>2026-11-01</lastmod>')
    const pages = upstreamPages()
      .map((p) => p.pageNo)
      .sort((a, b) => a - b)
    expect(pages).toEqual(Array.from({ length: 100 }, (_, i) => 201 + i))
    expect(upstreamPages().every((p) => p.pageSize === 100)).toBe(true)
  })

  it('builds a file once for a burst of crawlers asking for it together', async () => {
    core.seen.length = 0
    const answers = await Promise.all(Array.from({ length: 5 }, () => bff.inject({ url: '/sitemaps/zh-reports-7.xml' })))
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
    expect(upstreamPages()).toHaveLength(100)
  })

  it('lets shared caches keep the sitemaps only when SITE_URL names the host', async () => {
    expect((await bff.inject({ url: '/robots.txt' })).headers['cache-control']).toBe('public, max-age=3600')
    expect((await bff.inject({ url: '/sitemap.xml' })).headers['cache-control']).toMatch(/^public, max-age=\d+$/)
    const hostless = await buildBff({ CORE_API_URL: core.url, TRUST_PROXY: 'true' })
    try {
      const robots = await hostless.inject({ url: '/robots.txt', headers: { host: 'site.test', 'x-forwarded-host': 'evil.test' } })
      expect(robots.body).toContain('Sitemap: http://evil.test/sitemap.xml')
      expect(robots.headers['cache-control']).toBe('private, no-cache')
      const index = await hostless.inject({ url: '/sitemap.xml', headers: { host: 'site.test', 'x-forwarded-host': 'evil.test' } })
      expect(index.headers['cache-control']).toBe('private, no-cache')
    } finally {
      await hostless.close()
    }
  })

  it('answers 503 when the core API cannot list, and 404 past the end', async () => {
    expect((await bff.inject({ url: '/sitemaps/zh-reports-11.xml' })).statusCode).toBe(404)
    expect((await bff.inject({ url: '/sitemaps/zh-pages-2.xml' })).statusCode).toBe(404)
    await core.close()
    const res = await bff.inject({ url: '/sitemaps/zh-reports-4.xml' })
    expect(res.statusCode).toBe(503)
  })
})

// A catalogue longer than the core API can page through (it refuses pageNo
// past 10,000 with a 400): the sitemaps stop where its list does.
describe('sitemaps of a catalogue past the core API’s last page', () => {
  const HUGE = 5_000_000
  let capped: StubCore
  let byDefault: FastifyInstance
  let byThree: FastifyInstance

  beforeAll(async () => {
    capped = await startStubCore((app) => {
      app.post('/report/researchReport/pageList', async (request, reply) => {
        const { pageNo = 1, pageSize = 10 } = JSON.parse((request.body as string | undefined) || '{}') as {
          pageNo?: number
          pageSize?: number
        }
        if (pageNo > 10_000) return reply.status(400).send({ code: 100001, msg: 'Invalid request parameters', data: null })
        const from = (pageNo - 1) * pageSize
        const list = Array.from({ length: pageSize }, (_, i) => item(from + i + 1))
        return envelope({ categories: [], prices: [], publishDates: [], pageList: { list, count: HUGE, pageNo, pageSize } })
      })
      for (const path of ['/report/researchBriefReport/pageList', '/report/marketInfo/pageList']) {
        app.post(path, async () => envelope({ list: [], count: 0, pageNo: 1, pageSize: 1 }))
      }
    })
    ;[byDefault, byThree] = await Promise.all([
      buildBff({ CORE_API_URL: capped.url, SITE_URL: SITE }),
      buildBff({ CORE_API_URL: capped.url, SITE_URL: SITE, SITEMAP_URLS_PER_FILE: 300 }),
    ])
  })

  afterAll(async () => {
    await byDefault?.close()
    await byThree?.close()
    await capped?.close()
  })

  const cappedPages = () =>
    capped.seen.filter((s) => s.url === '/report/researchReport/pageList').map((s) => (JSON.parse(s.body) as { pageNo: number }).pageNo)

  it('indexes no file whose first page the core API would refuse', async () => {
    const res = await byDefault.inject({ url: '/sitemap.xml' })
    expect(res.statusCode).toBe(200)
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toContain(`${SITE}/sitemaps/zh-reports-100.xml`)
    expect(locs).not.toContain(`${SITE}/sitemaps/zh-reports-101.xml`)
    expect(locs).not.toContain(`${SITE}/sitemaps/en-reports-101.xml`)
  })

  it('answers 404 for such a file without asking the core API', async () => {
    capped.seen.length = 0
    for (const url of ['/sitemaps/zh-reports-101.xml', '/sitemaps/en-reports-500.xml']) {
      expect((await byDefault.inject({ url })).statusCode, url).toBe(404)
    }
    expect(cappedPages()).toEqual([])
  })

  it('ends the last listable file at the core API’s last page', async () => {
    const index = await byThree.inject({ url: '/sitemap.xml' })
    expect(index.body).toContain(`${SITE}/sitemaps/zh-reports-3334.xml`)
    expect(index.body).not.toContain(`${SITE}/sitemaps/zh-reports-3335.xml`)
    capped.seen.length = 0
    const last = await byThree.inject({ url: '/sitemaps/zh-reports-3334.xml' })
    expect(last.statusCode).toBe(200)
    expect(cappedPages()).toEqual([10_000])
    const locs = [...last.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toHaveLength(100)
    expect(locs.at(-1)).toBe(`${SITE}/reports/report-1000000`)
    expect((await byThree.inject({ url: '/sitemaps/zh-reports-3335.xml' })).statusCode).toBe(404)
  })
})
