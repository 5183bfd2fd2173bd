import type { OutgoingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, buildBff, fromSite } from '../helpers/build-app.ts'
import { startCore, type CoreProcess } from '../helpers/core-process.ts'
import { rawGet } from '../helpers/raw-get.ts'

// Page payloads against the real core API loaded with the fixtures. The last
// block stops the core API, so it stays last.

let core: CoreProcess
let bff: FastifyInstance
/** Every answer expires at once, so only stale-if-error can answer once the core API is gone. */
let expiring: FastifyInstance

const NO_TTL = {
  CACHE_TTL_DICT_S: 0,
  CACHE_TTL_CONFIG_S: 0,
  CACHE_TTL_CAROUSEL_S: 0,
  CACHE_TTL_MAP_S: 0,
  CACHE_TTL_HOT_REPORTS_S: 0,
  CACHE_TTL_CHOICENESS_S: 0,
  CACHE_TTL_CATEGORIES_S: 0,
  CACHE_TTL_LATEST_NEWS_S: 0,
  CACHE_STALE_WHILE_REVALIDATE_S: 0,
}

beforeAll(async () => {
  core = await startCore()
  bff = await buildBff({ CORE_API_URL: core.url })
  expiring = await buildBff({ CORE_API_URL: core.url, ...NO_TTL })
})

afterAll(async () => {
  await bff?.close()
  await expiring?.close()
  await core?.stop()
})

describe('home', () => {
  it('bundles every part of the first render in one envelope', async () => {
    const res = await bff.inject({ url: '/bff/pages/home?lang=en-US' })
    expect(res.statusCode).toBe(200)
    const { code, msg, data } = body(res)
    expect([code, msg]).toEqual([200, 'success'])
    for (const part of ['carousel', 'hotReports', 'categories', 'latestNews', 'choiceness', 'footer', 'reportMenu', 'newsMenu']) {
      expect(Array.isArray(data[part]), part).toBe(true)
      expect(data[part].length, part).toBeGreaterThan(0)
    }
    // The map's regions; not the blocks earlier clients read from the same call, which the page has already.
    expect(Object.keys(data.mapData)).toEqual(['regions'])
    expect(data.mapData.regions.length).toBeGreaterThan(0)
    expect(data.hotReports[0].lang).toBe('en-US')
    expect(data.footer.map((row: { configKey: string }) => row.configKey)).toContain('en.contact.phone')
    expect(data.reportMenu[0].dictType).toBe('reports_category_en')
  })

  it('takes the language from the locale cookie when the query names none', async () => {
    const { data } = body(await bff.inject({ url: '/bff/pages/home', headers: { cookie: 'locale=zh-CN' } }))
    expect(data.hotReports[0].lang).toBe('zh-CN')
    expect(data.footer.map((row: { configKey: string }) => row.configKey)).toContain('cn.footer.icp')
  })

  it('comes from the caches: MISS first, HIT after', async () => {
    const fresh = await buildBff({ CORE_API_URL: core.url })
    try {
      expect((await fresh.inject({ url: '/bff/pages/home?lang=zh-CN' })).headers['x-cache']).toBe('MISS')
      expect((await fresh.inject({ url: '/bff/pages/home?lang=zh-CN' })).headers['x-cache']).toBe('HIT')
    } finally {
      await fresh.close()
    }
  })
})

describe('home from the caches', () => {
  it('answers the same bytes while the parts stay cached, compressed as the client asks', async () => {
    await bff.inject({ url: '/bff/pages/home?lang=zh-CN' })
    const plain = await bff.inject({ url: '/bff/pages/home?lang=zh-CN' })
    expect(plain.headers['x-cache']).toBe('HIT')
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['vary']).toMatch(/accept-encoding/i)
    // Security headers still come on every answer, not only the first.
    expect(plain.headers['content-security-policy']).toContain("default-src 'self'")
    expect(plain.headers['x-content-type-options']).toBe('nosniff')
    const again = await bff.inject({ url: '/bff/pages/home?lang=zh-CN' })
    expect(again.rawPayload.equals(plain.rawPayload)).toBe(true)
    expect(body(plain).data.hotReports.length).toBeGreaterThan(0)

    const br = await bff.inject({ url: '/bff/pages/home?lang=zh-CN', headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true)
    const gzip = await bff.inject({ url: '/bff/pages/home?lang=zh-CN', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true)
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length)
  })

  it('answers a page whose parts are all fresh without asking the caches, and asks them again once one is not', async () => {
    const short = await buildBff({ CORE_API_URL: core.url, CACHE_TTL_CAROUSEL_S: 3 })
    try {
      const fetch = short.caches.fetch
      let lookups = 0
      short.caches.fetch = (name, call) => {
        lookups += 1
        return fetch(name, call)
      }
      expect((await short.inject({ url: '/bff/pages/home?lang=zh-CN' })).headers['x-cache']).toBe('MISS')
      expect((await short.inject({ url: '/bff/pages/home?lang=zh-CN' })).headers['x-cache']).toBe('HIT')
      const asked = lookups
      const kept = await short.inject({ url: '/bff/pages/home?lang=zh-CN' })
      expect(kept.headers['x-cache']).toBe('HIT')
      expect(lookups).toBe(asked)
      // The other edition is a page of its own.
      expect(body(await short.inject({ url: '/bff/pages/home?lang=en-US' })).data.footer).not.toEqual(body(kept).data.footer)
      const metrics = await short.metrics.registry.metrics()
      expect(metrics).toMatch(/bff_cache_events_total\{cache="page",result="HIT"\} 1\b/)
      expect(metrics).toMatch(/bff_cache_events_total\{cache="page",result="MISS"\} 3\b/)

      // The carousel goes stale after three seconds: the page is composed from the caches again.
      await new Promise((resolve) => setTimeout(resolve, 3100))
      lookups = 0
      const later = await short.inject({ url: '/bff/pages/home?lang=zh-CN' })
      expect(later.headers['x-cache']).toBe('STALE')
      expect(lookups).toBeGreaterThan(0)
      expect(body(later)).toEqual(body(kept))
    } finally {
      await short.close()
    }
  })

  it('does not keep a page whose parts were read before a purge that came while it was being built', async () => {
    const racing = await buildBff({ CORE_API_URL: core.url })
    try {
      await racing.inject({ url: '/bff/pages/home?lang=zh-CN' })
      const fetch = racing.caches.fetch
      let release!: () => void
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      racing.caches.fetch = async (name, call) => {
        const answer = await fetch(name, call)
        await held
        return answer
      }
      // The first answer was composed from MISSes, so this one is composed again, from HITs held back.
      const building = racing.inject({ url: '/bff/pages/home?lang=zh-CN' })
      await new Promise((resolve) => setTimeout(resolve, 50))
      await racing.caches.purge()
      release()
      await building
      racing.caches.fetch = fetch
      // Built from answers read before the purge: not kept, so the next request asks the emptied caches.
      expect((await racing.inject({ url: '/bff/pages/home?lang=zh-CN' })).headers['x-cache']).toBe('MISS')
    } finally {
      await racing.close()
    }
  })

  it('builds a new body once a part changes', async () => {
    const fresh = await buildBff({ CORE_API_URL: core.url })
    try {
      await fresh.inject({ url: '/bff/pages/home?lang=en-US' })
      const before = await fresh.inject({ url: '/bff/pages/home?lang=en-US' })
      await fresh.caches.purge('carousel')
      const after = await fresh.inject({ url: '/bff/pages/home?lang=en-US' })
      expect(after.headers['x-cache']).toBe('MISS')
      expect(body(after)).toEqual(body(before))
      expect((await fresh.inject({ url: '/bff/pages/home?lang=en-US' })).headers['x-cache']).toBe('HIT')
    } finally {
      await fresh.close()
    }
  })
})

/** Over a real connection, as nginx or a browser asks. */
function getRaw(instance: FastifyInstance, path: string, headers: OutgoingHttpHeaders = {}) {
  const { port } = instance.server.address() as AddressInfo
  return rawGet(`http://127.0.0.1:${port}${path}`, headers)
}

describe('HTTP caching of the page payloads (docs/caching.md)', () => {
  const SHARED = 'public, max-age=10, stale-while-revalidate=20'

  it('lets shared caches keep an anonymous payload that names its edition, with a weak ETag, and answers 304 through every hook', async () => {
    const instance = await buildBff({ CORE_API_URL: core.url })
    await instance.listen({ host: '127.0.0.1', port: 0 })
    try {
      const url = '/bff/pages/home?lang=zh-CN'
      const first = await getRaw(instance, url, { 'accept-encoding': 'br' })
      expect(first.status).toBe(200)
      expect(first.headers['cache-control']).toBe(SHARED)
      const etag = first.headers.etag as string
      expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/)
      expect(first.headers.vary).toContain('accept-encoding')
      // Weak: one tag for every encoding of the same page; the other edition is another page.
      const plain = await getRaw(instance, url)
      expect(plain.headers.etag).toBe(etag)
      expect(brotliDecompressSync(first.bytes).equals(plain.bytes)).toBe(true)
      expect((await getRaw(instance, '/bff/pages/home?lang=en-US')).headers.etag).not.toBe(etag)

      for (const ifNoneMatch of [etag, etag.slice(2), `W/"other", ${etag}`, '*']) {
        const again = await getRaw(instance, url, { 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' })
        expect(again.status, ifNoneMatch).toBe(304)
        expect(again.bytes.length).toBe(0)
        expect(again.headers.etag).toBe(etag)
        expect(again.headers['cache-control']).toBe(SHARED)
        // Every answer goes through the hooks: the security headers, the request metrics.
        expect(again.headers['content-security-policy']).toContain("default-src 'self'")
      }
      expect((await getRaw(instance, url, { 'if-none-match': 'W/"other"' })).status).toBe(200)
      expect(await instance.metrics.registry.metrics()).toMatch(
        /bff_http_requests_total\{method="GET",route="\/bff\/pages\/home",status="304",code="200"\} 4\b/,
      )

      // A purge changes what the page is made of: the same bytes come back under the same tag, never an old page under a new one.
      await instance.caches.purge('carousel')
      const after = await getRaw(instance, url)
      expect(after.headers['x-cache']).toBe('MISS')
      expect(after.headers.etag).toBe(etag)
    } finally {
      await instance.close()
    }
  })

  it("keeps the edition a cookie names out of shared caches, and a session's answer out of every cache", async () => {
    const english = await bff.inject({ url: '/bff/pages/home', headers: { cookie: 'locale=en-US; _ga=GA1.2.3' } })
    expect(body(english).data.reportMenu[0].dictType).toBe('reports_category_en')
    expect(english.headers['cache-control']).toBe('private, no-cache')
    expect(english.headers.etag).toBeDefined()
    expect(
      (await bff.inject({ url: '/bff/pages/home', headers: { cookie: 'locale=en-US', 'if-none-match': english.headers.etag as string } }))
        .statusCode,
    ).toBe(304)
    // A cookie the route does not read as English gets the Chinese page, under its own tag.
    const lookalike = await bff.inject({ url: '/bff/pages/home', headers: { cookie: 'locale=en-US\u00a0' } })
    expect(body(lookalike).data.reportMenu[0].dictType).toBe('reports_category')
    expect(lookalike.headers.etag).not.toBe(english.headers.etag)

    for (const headers of [{ cookie: 'rpt_session=abc' }, { cookie: '__Host-rpt_session=abc' }, { 'website-token': 'abc' }]) {
      const personal = await bff.inject({ url: '/bff/pages/home?lang=zh-CN', headers })
      expect(personal.headers['cache-control'], JSON.stringify(headers)).toBe('private, no-store')
      expect(personal.headers.etag).toBeUndefined()
      const anonymous = await bff.inject({ url: '/bff/pages/home?lang=zh-CN' })
      const asked = await bff.inject({
        url: '/bff/pages/home?lang=zh-CN',
        headers: { ...headers, 'if-none-match': anonymous.headers.etag as string },
      })
      expect(asked.statusCode).toBe(200)
    }
  })

  it('lets shared caches keep the lists too, and never a failure', async () => {
    const list = await bff.inject({ url: '/bff/pages/reports?lang=en-US&pageNo=1&pageSize=3' })
    expect(list.headers['cache-control']).toBe(SHARED)
    const again = await bff.inject({
      url: '/bff/pages/reports?lang=en-US&pageNo=1&pageSize=3',
      headers: { 'if-none-match': list.headers.etag as string },
    })
    expect(again.statusCode).toBe(304)
    const missing = await bff.inject({ url: '/bff/pages/report?lang=en-US&webTitle=no-such-report' })
    expect(body(missing).code).not.toBe(200)
    expect(missing.headers['cache-control']).toBe('private, no-cache')
    expect(missing.headers.etag).toBeUndefined()
  })

  it('follows the ops settings at run time; max-age 0 keeps payloads out of shared caches', async () => {
    const instance = await buildBff({ CORE_API_URL: core.url })
    try {
      await instance.settings.change({ HTTP_MAX_AGE_S: 3, HTTP_STALE_WHILE_REVALIDATE_S: 0 })
      expect((await instance.inject({ url: '/bff/pages/home?lang=zh-CN' })).headers['cache-control']).toBe('public, max-age=3')
      await instance.settings.change({ HTTP_MAX_AGE_S: 0 })
      const off = await instance.inject({ url: '/bff/pages/home?lang=zh-CN' })
      expect(off.headers['cache-control']).toBe('no-cache')
      expect(
        (await instance.inject({ url: '/bff/pages/home?lang=zh-CN', headers: { 'if-none-match': off.headers.etag as string } })).statusCode,
      ).toBe(304)
    } finally {
      await instance.close()
    }
  })
})

describe('lists and details', () => {
  it('filters the report list and adds hot reports', async () => {
    const { data } = body(await bff.inject({ url: '/bff/pages/reports?lang=zh-CN&marketType=energy&pageNo=1&pageSize=3' }))
    expect(data.list.pageList.pageSize).toBe(3)
    expect(data.list.pageList.list.every((r: { marketType: string }) => r.marketType === 'energy')).toBe(true)
    expect(data.hotReports.length).toBeGreaterThan(0)
  })

  it('answers a report by webTitle', async () => {
    const { data: home } = body(await bff.inject({ url: '/bff/pages/home?lang=zh-CN' }))
    const webTitle = home.hotReports[0].webTitle
    const res = await bff.inject({ url: `/bff/pages/report?lang=zh-CN&webTitle=${encodeURIComponent(webTitle)}` })
    expect(res.statusCode).toBe(200)
    expect(body(res).data.report.webTitle).toBe(webTitle)
    // Its SEO fields come from the core API's platform call (none set in the fixtures), not from the legacy detail.
    expect(body(res).data.seo).toEqual({ seoTitle: '', seoDescription: '' })
    expect(body(res).data.report).not.toHaveProperty('seoTitle')
    // Asked by id (earlier clients' links), the page has no SEO part and still answers.
    const byId = await bff.inject({ url: `/bff/pages/report?lang=zh-CN&id=${encodeURIComponent(String(home.hotReports[0].id))}` })
    expect(body(byId)).toMatchObject({ code: 200, data: { report: { webTitle } } })
    expect(body(byId).data).not.toHaveProperty('seo')
  })

  it("keeps the core API's code for a missing record", async () => {
    const res = await bff.inject({ url: '/bff/pages/report?lang=en-US&webTitle=no-such-report' })
    expect(res.statusCode).toBe(200)
    expect(body(res)).toEqual({ code: 100005, msg: 'The research report does not exist.', data: null })
  })

  it('answers bulletins and a bulletin', async () => {
    const list = body(await bff.inject({ url: '/bff/pages/bulletins?lang=zh-CN' })).data
    expect(list.list.list.length).toBeGreaterThan(0)
    expect(list.categories.length).toBeGreaterThan(0)
    expect(Array.isArray(list.labels)).toBe(true)
    const webTitle = list.list.list[0].webTitle
    const detail = await bff.inject({ url: `/bff/pages/bulletin?lang=zh-CN&webTitle=${encodeURIComponent(webTitle)}` })
    expect(body(detail).data.bulletin.webTitle).toBe(webTitle)
  })

  it('answers news and an article with its neighbours', async () => {
    const list = body(await bff.inject({ url: '/bff/pages/news?lang=en-US' })).data
    expect(list.list.list.length).toBeGreaterThan(0)
    expect(list.categories.length).toBeGreaterThan(0)
    const webTitle = list.list.list[0].webTitle
    const detail = await bff.inject({ url: `/bff/pages/article?lang=en-US&webTitle=${encodeURIComponent(webTitle)}` })
    expect(detail.statusCode).toBe(200)
    expect(body(detail).data.article).toBeTruthy()
  })

  it('ignores parameters it does not know, and refuses known ones of the wrong kind', async () => {
    const res = await bff.inject({ url: '/bff/pages/reports?lang=en-US&sort=price&_=1732500000000' })
    expect(res.statusCode).toBe(200)
    expect(body(res).code).toBe(200)
    expect(body(await bff.inject({ url: '/bff/pages/reports?lang=en-US&pageNo=first' }))).toMatchObject({ code: 100001 })
  })
})

describe('fair use of the report search: the page payload shares the proxied search budget', () => {
  // An expensive shape is a one-character or symbol keyword, or a page past 50 (isExpensiveSearch).
  const reports = (instance: FastifyInstance, query: string, remoteAddress: string) =>
    instance.inject({ url: `/bff/pages/reports?${query}`, remoteAddress })

  it("counts expensive report list payloads against the search budget, then answers the 429 envelope in the request's language", async () => {
    const limited = await buildBff({ CORE_API_URL: core.url, RATE_LIMIT_SEARCH_MAX: 2 })
    try {
      const statuses = []
      for (const query of ['lang=zh-CN&keyword=%25', 'lang=zh-CN&keyword=%E8%BD%A6', 'lang=zh-CN&pageNo=51'])
        statuses.push((await reports(limited, query, '10.26.0.1')).statusCode)
      expect(statuses).toEqual([200, 200, 429])
      const zh = await reports(limited, 'lang=zh-CN&keyword=.', '10.26.0.1')
      expect(zh.statusCode).toBe(429)
      expect(body(zh)).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试', data: null })
      expect(Number(zh.headers['retry-after'])).toBeGreaterThan(0)
      const en = await reports(limited, 'lang=en-US&keyword=%25%25', '10.26.0.1')
      expect(en.statusCode).toBe(429)
      expect(body(en)).toEqual({ code: 429, msg: 'Too many requests. Please try again later.', data: null })
      // Without lang, the locale cookie names the language, as for every envelope.
      const cookieEn = await limited.inject({
        url: '/bff/pages/reports?keyword=_',
        remoteAddress: '10.26.0.1',
        headers: { cookie: 'locale=en-US' },
      })
      expect(body(cookieEn).msg).toBe('Too many requests. Please try again later.')
      // Another visitor is not touched.
      expect((await reports(limited, 'lang=zh-CN&keyword=%25', '10.26.0.2')).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('never counts or refuses cheap report lists, even once the visitor has spent the budget', async () => {
    const limited = await buildBff({ CORE_API_URL: core.url, RATE_LIMIT_SEARCH_MAX: 1 })
    try {
      const cheap = [
        'lang=zh-CN',
        'lang=zh-CN&keyword=%E9%94%82%E7%94%B5',
        'lang=en-US&keyword=battery',
        'lang=zh-CN&pageNo=2',
        'lang=zh-CN&pageNo=50',
        'lang=zh-CN&marketType=energy&keyword=ai',
      ]
      for (let round = 0; round < 3; round += 1) {
        for (const query of cheap) {
          const res = await reports(limited, query, '10.26.1.1')
          expect(res.statusCode, query).toBe(200)
          expect(body(res).code, query).not.toBe(429)
        }
      }
      // None of them was counted: the one expensive search the budget allows still goes through.
      expect((await reports(limited, 'lang=zh-CN&keyword=%25', '10.26.1.1')).statusCode).toBe(200)
      expect((await reports(limited, 'lang=zh-CN&keyword=%25', '10.26.1.1')).statusCode).toBe(429)
      for (const query of cheap) expect((await reports(limited, query, '10.26.1.1')).statusCode, query).toBe(200)
      // The other lists are not search-limited.
      for (const url of ['/bff/pages/bulletins?lang=zh-CN&keyword=%25', '/bff/pages/news?lang=zh-CN&keyword=%25']) {
        expect((await limited.inject({ url, remoteAddress: '10.26.1.1' })).statusCode, url).toBe(200)
      }
    } finally {
      await limited.close()
    }
  })

  it('shares one budget per address with the proxied pageList', async () => {
    const limited = await buildBff({ CORE_API_URL: core.url, RATE_LIMIT_SEARCH_MAX: 2 })
    try {
      const api = (remoteAddress: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/report/researchReport/pageList',
          headers: fromSite,
          remoteAddress,
          payload: { lang: 'zh-CN', pageSize: 10, keyword: '%' },
        })
      const page = (remoteAddress: string) => reports(limited, 'lang=zh-CN&keyword=%25', remoteAddress)
      expect((await api('10.26.2.1')).statusCode).toBe(200)
      expect((await page('10.26.2.1')).statusCode).toBe(200)
      expect((await api('10.26.2.1')).statusCode).toBe(429)
      expect((await page('10.26.2.1')).statusCode).toBe(429)
      // The other way round from another address: the payloads spend what the API then lacks.
      expect((await page('10.26.2.2')).statusCode).toBe(200)
      expect((await page('10.26.2.2')).statusCode).toBe(200)
      const refused = await api('10.26.2.2')
      expect(refused.statusCode).toBe(429)
      expect(body(refused)).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试', data: null })
    } finally {
      await limited.close()
    }
  })
})

describe('with the core API stopped', () => {
  it('still answers cached endpoints, marked STALE', async () => {
    const warm = await expiring.inject({ url: '/api/basedata/carousel/listData?lang=en-US' })
    const page = await expiring.inject({ url: '/bff/pages/home?lang=en-US' })
    expect([warm.headers['x-cache'], page.headers['x-cache']]).toEqual(['MISS', 'MISS'])

    await core.stop()

    const api = await expiring.inject({ url: '/api/basedata/carousel/listData?lang=en-US' })
    expect(api.statusCode).toBe(200)
    expect(api.headers['x-cache']).toBe('STALE')
    expect(body(api)).toEqual(body(warm))

    const home = await expiring.inject({ url: '/bff/pages/home?lang=en-US' })
    expect(home.statusCode).toBe(200)
    expect(home.headers['x-cache']).toBe('STALE')
    expect(body(home)).toEqual(body(page))
  })

  it('answers what it never cached with an envelope, not a hang', async () => {
    const res = await expiring.inject({ url: '/bff/pages/reports?lang=zh-CN' })
    expect(res.statusCode).toBe(200)
    expect(body(res)).toEqual({ code: 5002, msg: '服务暂时不可用，请稍后再试', data: null })
  })
})
