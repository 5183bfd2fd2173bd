import { readdirSync, readFileSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import Fastify from 'fastify'
import { ConnectionRefusedError } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CALL_LIST, SERVER_ERROR_CODES } from '@rpt/contract'
import { fastifyOptions } from '../../src/app.ts'
import { loadConfig } from '../../src/platform/config.ts'
import bareDialect, { bareRewriter } from '../../src/platform/http/bare-dialect.ts'
import { seed } from '../../src/platform/db/seed.ts'
import { repoRoot } from '../../src/platform/paths.ts'
import configPlugin from '../../src/platform/config-plugin.ts'
import { body, buildTestApp, type TestApp } from '../helpers/build-app.ts'
import { createReport } from '../helpers/factories.ts'

// The earlier backend's dialect under /js/a/api, as bjfl_portal_ssr (the Vue
// SSR portal of steelxiang/bjfl_portal_ssr, branch dev) calls it: its axios
// instance (src/utils/request.ts) has no interceptor and each page reads
// `ret.data` as the data itself. Every request below is one bjfl sends (its
// src/api/** and the page that calls it, by file and line); every assertion
// is a field that page reads.
const P = '/js/a/api'
let t: TestApp

// The seeded catalogue, the content bjfl's recorded calls were made against
// (without its sample PDFs, which no call here reads).
beforeAll(async () => {
  t = await buildTestApp()
  await seed(t.app.db, { fixturesDir: t.app.config.FIXTURES_DIR })
}, 300_000)
afterAll(() => t?.close())

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers })
const json = (response: { body: string }) => JSON.parse(response.body)

/** The image a bjfl <img> would load: the URL it builds, fetched from our files prefix. */
async function image(url: string) {
  const response = await get(url)
  expect(response.statusCode, url).toBe(200)
  expect(response.headers['content-type']).toMatch(/^image\//)
  return response
}
const BASE = '/js/userfiles' // bjfl's BaseUrl (src/api/model/common.ts:1), pointed at this core API

describe("the same calls as the enveloped contract, their data alone (fixtures/contract/legacy: bjfl's calls as recorded)", () => {
  const IMAGE_FIELDS = new Set(['filePath', 'fileName', 'name'])
  const withoutImages = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(withoutImages)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key]) => !IMAGE_FIELDS.has(key))
              .map(([key, v]) => [key, withoutImages(v)]),
          )
        : value
  const dir = path.join(repoRoot, 'fixtures/contract/legacy')
  const exchanges = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => {
      const fixture = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
        exchanges: {
          request: { method: string; path: string; query?: Record<string, string>; body?: unknown; headers?: Record<string, string> }
        }[]
      }
      return fixture.exchanges.map((exchange, index) => [`${file}#${index}`, exchange.request] as const)
    })

  it.each(exchanges)('%s', async (_name, request) => {
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : ''
    const send = (prefix: string) =>
      t.app.inject({
        method: request.method as 'GET',
        url: `${prefix}${request.path}${query}`,
        headers: request.headers,
        ...(request.body === undefined ? {} : { payload: request.body as object }),
      })
    const bare = await send(P)
    const enveloped = await send('')
    expect(enveloped.statusCode).toBe(200)
    const envelope = body(enveloped)
    if (envelope.code === 200) {
      expect(bare.statusCode).toBe(200)
      expect(bare.headers['content-type']).toMatch(/^application\/json/)
      // A saved request is a new row each time: its id differs, its shape does not.
      if (request.path.endsWith('/save')) expect(json(bare)).toEqual({ id: expect.any(String) })
      else expect(withoutImages(json(bare))).toEqual(withoutImages(envelope.data))
    } else {
      // A failure of the contract: its HTTP status, and the very envelope.
      expect(bare.statusCode).toBe(400)
      expect(json(bare)).toEqual(envelope)
    }
  })
})

describe('home (src/views/home/index.vue)', () => {
  it('carousel: ret.data is the slides; each <img> is BaseUrl/carousel/{name} (home/index.vue:9, :265-266)', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const slides = json(await get(`${P}/basedata/carousel/listData?lang=${lang}`)) // api/basedata/home.ts:36
      expect(slides.length).toBeGreaterThan(0)
      for (const slide of slides) {
        expect(slide).toMatchObject({ title: expect.any(String), desc: expect.any(String) }) // :14-15
        expect((await image(`${BASE}/carousel/${slide.name}`)).body).toContain('<svg')
      }
    }
  })

  it('report categories: ret.data is the dictionary, each row its dictLabel and dictValue (store/cache.ts:19-24, home/index.vue:42-47)', async () => {
    for (const dictType of ['reports_category', 'reports_category_en', 'market_type', 'market_type_en']) {
      const rows = json(await post(`${P}/basedata/dict/listData`, { dictType })) // api/basedata/home.ts:41
      expect(Array.isArray(rows)).toBe(true)
      expect(rows.length).toBeGreaterThan(0)
      for (const row of rows) expect(row).toMatchObject({ dictLabel: expect.any(String), dictValue: expect.any(String) })
    }
  })

  it('hot reports and newest news: ret.data.report and ret.data.market, with their images (home/index.vue:272-274, :145-184)', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const map = json(await get(`${P}/basedata/home/mapData?lang=${lang}`)) // api/basedata/home.ts:46
      expect(map.report.length).toBeGreaterThan(0)
      expect(map.market.length).toBeGreaterThan(0)
      for (const report of map.report) {
        expect(report).toMatchObject({
          id: expect.any(String),
          webTitle: expect.any(String),
          title: expect.any(String),
          publishDate: expect.any(String),
          lang,
        })
        await image(`${BASE}/report/${report.fileName}`) // :149
      }
      for (const news of map.market) {
        expect(news).toMatchObject({
          id: expect.any(String),
          webTitle: expect.any(String),
          title: expect.any(String),
          publishDate: expect.any(String),
        })
        await image(`${BASE}/fileupload/${news.filePath}${news.fileName}`) // :179
      }
    }
  })
})

describe('report list (src/views/report/index.vue)', () => {
  // getData (:212-221) posts record: {pageSize, pageNo, marketType, queryKeyword?, lang, ...} (api/report/report.ts:59)
  const list = (record: Record<string, unknown>) => post(`${P}/report/researchReport/pageList`, { pageSize: 10, pageNo: 1, ...record })

  it('reads ret.data.categories, prices, publishDates and pageList, each field its template shows (:26-28, :48-52, :73-76, :123-149)', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const data = json(await list({ lang }))
      expect(data.categories.length).toBeGreaterThan(0)
      for (const category of data.categories)
        expect(category).toMatchObject({
          marketType: expect.any(String),
          marketTypeName: expect.any(String),
          marketCount: expect.any(Number),
        })
      expect(data.prices.length).toBeGreaterThan(0)
      for (const band of data.prices) expect(band).toMatchObject({ price: expect.any(Number), marketTypeName: expect.any(String) })
      expect(data.publishDates.length).toBeGreaterThan(0)
      for (const year of data.publishDates)
        expect(year).toMatchObject({
          publishDateValue: expect.any(String),
          marketTypeName: expect.any(String),
          marketCount: expect.any(Number),
        })
      expect(data.pageList).toMatchObject({ count: expect.any(Number), pageNo: 1, pageSize: 10 })
      expect(data.pageList.list).toHaveLength(10)
      for (const report of data.pageList.list) {
        expect(report).toMatchObject({
          id: expect.any(String),
          webTitle: expect.any(String),
          title: expect.any(String),
          outline: expect.any(String),
          publishDate: expect.any(String),
          lang,
        })
        expect(typeof report.price).toBe('number') // item.price?.toFixed(2) (:135)
        await image(`${BASE}/report/${report.fileName}`) // :126
      }
    }
  })

  it('filters as its facets send them back: category from the route, price band, year, region, and a keyword search (:68-77, :262-330)', async () => {
    const all = json(await list({ lang: 'zh-CN' }))
    const category = all.categories[0]
    const byCategory = json(await list({ lang: 'zh-CN', marketType: category.marketType }))
    expect(byCategory.pageList.count).toBe(category.marketCount)
    const band = all.prices.find((p: { marketCount: number }) => p.marketCount > 0)
    const byPrice = json(await list({ lang: 'zh-CN', queryPrice: band.price, priceEnd: '', priceStr: '' }))
    expect(byPrice.pageList.count).toBe(band.marketCount)
    const year = all.publishDates[0]
    const byYear = json(await list({ lang: 'zh-CN', queryPublishDate: year.publishDateValue, publishDateStr: '', publishDateEnd: '' }))
    expect(byYear.pageList.count).toBe(year.marketCount)
    const byRegion = json(await list({ lang: 'zh-CN', reportRegion: '1' }))
    expect(byRegion.pageList.list.every((r: { reportRegion: string }) => r.reportRegion === '1')).toBe(true)
    for (const [lang, word] of [
      ['zh-CN', '储能'],
      ['en-US', 'storage'],
    ]) {
      const found = json(await list({ lang, queryKeyword: word }))
      expect(found.pageList.count, word).toBeGreaterThan(0)
      expect(found.pageList.list[0].title.toLowerCase()).toContain(word)
    }
  })
})

describe('report detail (src/views/report/detail.vue)', () => {
  it('reads the report by the id at the end of its slug, then its edition prices and counts by keys (:50-98, :28-172)', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const [first] = json(await post(`${P}/report/researchReport/pageList`, { pageSize: 10, pageNo: 1, lang })).pageList.list
      const slug = `${first.webTitle}-${first.id}` // the route param viewDetail builds (report/index.vue:35)
      const wts = slug.split('-')
      const report = json(await get(`${P}/report/researchReport/form?id=${wts[wts.length - 1]}&lang=${lang}`)) // api/report/report.ts:69
      expect(report).toMatchObject({
        id: first.id,
        title: first.title,
        reportCode: expect.any(String),
        publishDate: expect.any(String),
        reportRegion: expect.stringMatching(/^[01]$/),
      })
      for (const html of ['reportScopeHtml', 'directoryHtml', 'chartsHtml', 'contextHtml'])
        expect(report[html], html).toEqual(expect.any(String))
      expect(report.directoryHtml.length).toBeGreaterThan(0)
      await image(`${BASE}/report/${report.fileName}`) // :28
      const edition = `${lang === 'zh-CN' ? 'cn' : 'en'}.${report.reportRegion === '1' ? 'global' : 'china'}`
      const keys = (names: string[]) => names.map((name) => `${edition}.${name}`).join(',')
      for (const kind of ['data', 'full']) {
        const rows = json(
          await get(
            `${P}/basedata/config/findListByKeys?keys=${keys([`${kind}.single.price`, `${kind}.multi.price`, `${kind}.enterprise.price`])}`,
          ),
        )
        expect(rows).toHaveLength(3) // c1.data, c2.data[0].configValue (:90-95)
        for (const row of rows) expect(row).toMatchObject({ configValue: expect.stringMatching(/^\d+$/), configName: expect.any(String) })
        // The tier is the fourth part of configName in zh-CN (:88).
        if (lang === 'zh-CN')
          expect(rows.map((row: { configName: string }) => row.configName.split('-')[3])).toEqual([
            '单用户版单价',
            '多用户版单价',
            '企业版单价',
          ])
      }
      const counts = json(await get(`${P}/basedata/config/findListByKeys?keys=${keys(['page.number', 'chart.number'])}`))
      expect(counts.map((row: { configValue: string }) => row.configValue)).toEqual([
        expect.stringMatching(/^\d+$/),
        expect.stringMatching(/^\d+$/),
      ]) // :97-99
    }
  })

  it('a missing report is a failed request (HTTP 404) with the envelope, so the page does not render an empty record', async () => {
    const missing = await get(`${P}/report/researchReport/form?id=999999999&lang=en-US`)
    expect(missing.statusCode).toBe(404)
    expect(json(missing)).toEqual({ code: 100005, msg: 'The research report does not exist.', data: null })
  })
})

describe('market and news (src/views/market/index.vue, src/views/news/*.vue)', () => {
  it('market: ret.data is the hot reports with their covers (market/index.vue:28-29, :327-335)', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const hots = json(await get(`${P}/report/researchReport/hotReports?lang=${lang}`)) // api/report/report.ts:74
      expect(hots.length).toBeGreaterThanOrEqual(8)
      for (const report of hots) {
        expect(report).toMatchObject({
          id: expect.any(String),
          webTitle: expect.any(String),
          title: expect.any(String),
          publishDate: expect.any(String),
        })
        await image(`${BASE}/report/${report.fileName}`)
      }
    }
  })

  it('news list: ret.data is the page, its list items with title, outline, date and image (news/index.vue:140-147, :47-74)', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const page = json(await post(`${P}/report/marketInfo/pageList`, { pageSize: 10, pageNo: 1, lang })) // api/report/market.ts:27
      expect(page).toMatchObject({ count: expect.any(Number), pageNo: 1, pageSize: 10 })
      expect(page.list.length).toBeGreaterThan(0)
      for (const news of page.list) {
        expect(news).toMatchObject({
          id: expect.any(String),
          webTitle: expect.any(String),
          title: expect.any(String),
          outline: expect.any(String),
          publishDate: expect.any(String),
        })
        await image(`${BASE}/fileupload/${news.filePath}${news.fileName}`) // :53
      }
    }
  })

  it('news detail: ret.data.vo, last and next, by the id at the end of the slug (news/detail.vue:58-66, :13-24)', async () => {
    const page = json(await post(`${P}/report/marketInfo/pageList`, { pageSize: 3, pageNo: 1, lang: 'zh-CN' }))
    const middle = page.list[1]
    const detail = json(await get(`${P}/report/marketInfo/detailList?id=${middle.id}&lang=zh-CN`)) // api/report/market.ts:31
    expect(Object.keys(detail).length).not.toBe(0)
    expect(detail.vo).toMatchObject({ id: middle.id, title: middle.title, publishDate: expect.any(String), context: expect.any(String) })
    expect(detail.next).toMatchObject({ id: page.list[0].id, title: page.list[0].title, webTitle: expect.any(String) })
    expect(detail.last).toMatchObject({ id: page.list[2].id, title: page.list[2].title, webTitle: expect.any(String) })
  })
})

describe('the request form (src/views/report/demand.vue)', () => {
  // handleSubmit (:145-156) posts formData as it is: every field, "" for those left unset.
  const form = (changes: Record<string, string>) => ({
    name: '张三',
    contact: '13800138000',
    email: 'buyer@example.com',
    companyName: '示例科技有限公司',
    demand: '储能行业定制研究',
    reportId: '',
    reportPrice: '',
    addr: '北京市朝阳区',
    lang: 'zh-CN',
    type: '2',
    ...changes,
  })

  it('saves a custom research request: HTTP 200, the data alone', async () => {
    const saved = await post(`${P}/basedata/customerInfo/save`, form({}))
    expect(saved.statusCode).toBe(200)
    expect(json(saved)).toEqual({ id: expect.any(String) })
  })

  it("refuses a bad phone with HTTP 400 and the envelope, in the caller's language", async () => {
    for (const [lang, msg] of [
      ['zh-CN', /电话|手机|联系方式/],
      ['en-US', /phone/i],
    ] as const) {
      const refused = await post(`${P}/basedata/customerInfo/save`, form({ contact: '12345', lang }))
      expect(refused.statusCode).toBe(400)
      expect(json(refused)).toEqual({ code: 100001, msg: expect.stringMatching(msg), data: null })
    }
  })
})

describe('failures under the prefix: an HTTP 4xx/5xx status and the envelope', () => {
  it("a parameter of the wrong kind: 400, the envelope naming it in the caller's language", async () => {
    const wrong = await post(`${P}/report/researchReport/pageList`, { pageNo: 'first', lang: 'en-US' })
    expect(wrong.statusCode).toBe(400)
    expect(json(wrong)).toEqual({ code: 100001, msg: 'Parameter pageNo must be of type integer', data: null })
    const zh = await post(`${P}/report/researchReport/pageList`, { pageNo: 'first', lang: 'zh-CN' })
    expect(json(zh)).toEqual({ code: 100001, msg: '参数 pageNo 的类型应为 integer', data: null })
  })

  it('an unknown path under the prefix: 404 and the envelope, in the language asked for', async () => {
    const unknown = await get(`${P}/report/researchReport/noSuchCall?lang=en-US`)
    expect(unknown.statusCode).toBe(404)
    expect(json(unknown)).toEqual({ code: 404, msg: 'The requested resource was not found.', data: null })
    const zh = await get(`${P}/basedata/nothing`, { 'accept-language': 'zh-CN,zh;q=0.9' })
    expect(json(zh)).toEqual({ code: 404, msg: '请求的资源不存在', data: null })
  })

  it('a malformed body: 400 and the envelope', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: `${P}/report/marketInfo/pageList`,
      headers: { 'content-type': 'application/json' },
      payload: '{"pageNo": 1,',
    })
    expect(malformed.statusCode).toBe(400)
    expect(json(malformed)).toMatchObject({ code: 100001, data: null })
  })

  it('the database unreachable: 5xx and the envelope; the enveloped contract answers the same failure with HTTP 200', async () => {
    const manager = t.app.db.sequelize.connectionManager as unknown as { getConnection: (...args: unknown[]) => Promise<unknown> }
    const original = manager.getConnection
    manager.getConnection = async () => {
      throw new ConnectionRefusedError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))
    }
    try {
      // An article not read before, so no cache can answer it.
      const bare = await get(`${P}/report/marketInfo/detailList?webTitle=not-cached-anywhere&lang=en-US`)
      expect(bare.statusCode).toBeGreaterThanOrEqual(500)
      const failure = json(bare)
      expect(SERVER_ERROR_CODES).toContain(failure.code)
      expect(failure).toMatchObject({ msg: expect.stringMatching(/try again/i), data: null })
      const enveloped = await get(`/report/marketInfo/detailList?webTitle=not-cached-anywhere&lang=en-US`)
      expect(enveloped.statusCode).toBe(200)
      expect(json(enveloped)).toEqual(failure)
    } finally {
      manager.getConnection = original
    }
  })
})

describe("only the earlier backend's public calls under the prefix", () => {
  it('answers 404 and the envelope for the staff API, the platform calls and the operations pages, which answer at the root', async () => {
    const login = { name: 'someone', password: 'secret-word', totp: '123456', lang: 'en-US' }
    expect((await post('/staff/login', login)).statusCode).not.toBe(404)
    const refused = [
      await post(`${P}/staff/login`, login),
      await get(`${P}/staff/orders/export?lang=en-US`),
      await get(`${P}/staff/me?lang=en-US`),
      await get(`${P}/metrics?lang=en-US`),
      await get(`${P}/docs/json?lang=en-US`),
      await get(`${P}/docs?lang=en-US`),
      await get(`${P}/health/ready?lang=en-US`),
      await get(`${P}/content/changes?lang=en-US`),
      await get(`${P}/media/images/${'a'.repeat(64)}.png?lang=en-US`),
      await get(`${P}/download/some-token?lang=en-US`),
      // Spelled otherwise, the router would still read it as a staff call.
      await post(`${P}/%73taff/login`, login),
      await post(`${P}/report/../staff/login`, login),
      await get(`${P}?lang=en-US`),
    ]
    for (const answer of refused) {
      expect(answer.statusCode).toBe(404)
      expect(json(answer)).toEqual({ code: 404, msg: 'The requested resource was not found.', data: null })
    }
  })

  it("routes every public call of the legacy contract, the payment provider's notification included", () => {
    const rewrite = bareRewriter('/js/a/api')!
    const route = (url: string) => rewrite({ url } as IncomingMessage)
    const legacy = CALL_LIST.filter((call) => /^\/(report|basedata)\//.test(call.path))
    expect(legacy.length).toBeGreaterThan(40)
    for (const call of legacy) {
      expect(call.audience ?? 'browser').toMatch(/^(browser|provider)$/)
      expect(route(`${P}${call.path}?lang=en-US`)).toBe(`${call.path}?lang=en-US`)
      expect(route(`${P}${call.path}/`)).toBe(`${call.path}/`)
    }
    for (const call of CALL_LIST.filter((call) => !legacy.includes(call))) {
      expect(route(`${P}${call.path.replace(/:\w+/g, 'x')}`), call.path).toBe(`${P}${call.path.replace(/:\w+/g, 'x')}`)
    }
  })
})

describe('images under the files prefix', () => {
  it('a record with its own image keeps it, and the file store serves it; nothing but images of userfiles/ is reachable', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
    await t.app.files.put('userfiles/report/own-cover.png', png)
    const report = await createReport(t.app, { title: '自有封面报告', webTitle: 'own-cover', fileName: 'own-cover.png' })
    const bare = json(await get(`${P}/report/researchReport/form?id=${report.id}&lang=zh-CN`))
    expect(bare.fileName).toBe('own-cover.png')
    const served = await image(`${BASE}/report/${bare.fileName}`)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.rawPayload.equals(png)).toBe(true)

    await t.app.files.put('userfiles/report/notes.txt', Buffer.from('not an image'))
    expect((await get(`${BASE}/report/notes.txt`)).statusCode).toBe(404)
    expect((await get(`${BASE}/report/missing.png`)).statusCode).toBe(404)
    expect((await get(`${BASE}/report/..%2F..%2Freports%2Fx.png`)).statusCode).toBe(404)
    expect((await get(`${BASE}/carousel/slide-zzzzzz.svg`)).statusCode).toBe(404)
  })

  it('the enveloped contract still answers the image fields as before (null), and the slide name as its title', async () => {
    const [report] = body(await get('/report/researchReport/hotReports?lang=zh-CN')).data
    expect([report.filePath, report.fileName]).toEqual([null, null])
    const [news] = body(await get('/report/marketInfo/marketInfoTopSixList?lang=zh-CN')).data
    expect([news.filePath, news.fileName]).toEqual([null, null])
    const [slide] = body(await get('/basedata/carousel/listData?lang=zh-CN')).data
    expect(slide.name).toBe(slide.title)
  })
})

describe('the setting', () => {
  it('LEGACY_BARE_PREFIX moves the dialect, LEGACY_FILES_PREFIX=off turns the images off', async () => {
    const moved = await buildTestApp({ LEGACY_BARE_PREFIX: '/old/api', LEGACY_FILES_PREFIX: 'off' })
    try {
      const slides = await moved.app.inject({ url: '/old/api/basedata/carousel/listData?lang=zh-CN' })
      expect(slides.statusCode).toBe(200)
      expect(Array.isArray(json(slides))).toBe(true)
      expect((await moved.app.inject({ url: `${P}/basedata/carousel/listData?lang=zh-CN` })).statusCode).toBe(404)
      expect((await moved.app.inject({ url: `${BASE}/report/cover-energy.svg` })).statusCode).toBe(404)
    } finally {
      await moved.close()
    }
  }, 120_000)

  it('off turns the dialect off: the router sees every path as it came', () => {
    expect(fastifyOptions(loadConfig({}, { LEGACY_BARE_PREFIX: 'off' })).rewriteUrl).toBeUndefined()
    const rewrite = bareRewriter('/js/a/api')!
    const route = (url: string) => rewrite({ url } as IncomingMessage)
    expect(route('/js/a/api/report/researchReport/form?id=1')).toBe('/report/researchReport/form?id=1')
    expect(route('/js/a/api?lang=en-US')).toBe('/js/a/api?lang=en-US') // no call: left where no route is
    expect(route('/js/a/apix/report')).toBe('/js/a/apix/report')
    expect(route('/report/researchReport/form')).toBe('/report/researchReport/form')
  })

  it('a prefix that would hide a route of the contract stops the boot', async () => {
    const app = Fastify()
    const boot = async () => {
      await app.register(configPlugin, { config: loadConfig({}, { LEGACY_BARE_PREFIX: '/report' }) })
      await app.register(bareDialect)
      await app.register(async (routes) => {
        routes.get('/report/researchReport/form', async () => ({}))
      })
      await app.ready()
    }
    await expect(boot()).rejects.toThrow(/LEGACY_BARE_PREFIX \/report would hide the route \/report\/researchReport\/form/)
  })
})
