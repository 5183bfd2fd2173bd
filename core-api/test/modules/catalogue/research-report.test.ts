import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { createConfigs, createDict, createReport } from '../../helpers/factories.ts'

let t: TestApp
const ids: Record<string, string> = {}

beforeAll(async () => {
  t = await buildTestApp()
  await createDict(t.app, 'reports_category', [
    ['energy', '能源'],
    ['chemicals', '化工'],
    ['healthcare', '医疗健康'],
  ])
  await createDict(t.app, 'reports_category_en', [
    ['energy', 'Energy'],
    ['chemicals', 'Chemicals'],
    ['healthcare', 'Healthcare'],
  ])
  await createConfigs(t.app, {
    'cn.china.data.single.price': 6800,
    'cn.china.data.multi.price': 8800,
    'cn.china.data.enterprise.price': 12800,
    'cn.china.full.single.price': 9800,
    'cn.china.full.multi.price': 12800,
    'cn.china.full.enterprise.price': 16800,
    'cn.china.page.number': 150,
    'cn.china.chart.number': 80,
  })
  ids.lithium = (
    await createReport(t.app, {
      title: '2026-2031年中国锂电池隔膜行业市场深度调研报告',
      webTitle: 'china-lithium-separator',
      reportCode: 'ZY-1',
      price: 7800,
      publishDate: '2026-05-01',
      outline: '隔膜是锂电池的关键材料。',
    })
  ).id
  await createReport(t.app, {
    lang: 'en-US',
    title: 'China Lithium Battery Separator Market Report',
    webTitle: 'china-lithium-separator',
    reportCode: 'ZY-1',
    price: 4950,
    outline: 'Separators are a key battery material.',
  })
  ids.pv = (
    await createReport(t.app, {
      title: '中国光伏玻璃行业研究报告',
      webTitle: 'china-pv-glass',
      price: 11800,
      publishDate: '2025-03-01',
      context: '<p onclick="steal()">光伏<script>alert(1)</script></p>',
    })
  ).id
  ids.api = (
    await createReport(t.app, {
      title: '中国原料药行业发展报告 50%_增长',
      marketType: 'chemicals',
      webTitle: 'china-api',
      price: 16800,
      publishDate: '2024-07-01',
    })
  ).id
  ids.noprice = (
    await createReport(t.app, {
      title: '中国体外诊断试剂市场报告',
      marketType: 'healthcare',
      webTitle: 'china-ivd',
      price: null,
      multiPrice: null,
      enterprisePrice: null,
      pageNum: null,
      chart: null,
    })
  ).id
  await createReport(t.app, { title: '已下架的锂电报告', webTitle: 'withdrawn', status: '1' })
})

afterAll(async () => {
  await t?.close()
})

const pageList = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/report/researchReport/pageList', payload })

describe('POST /report/researchReport/pageList', () => {
  it('answers the list with facets, newest first, in the envelope', async () => {
    const res = await pageList({ lang: 'zh-CN', pageNo: 1, pageSize: 10 })
    expect(res.statusCode).toBe(200)
    const { code, data } = body(res)
    expect(code).toBe(200)
    expect(data.pageList.count).toBe(4)
    expect(data.pageList.list.map((r: any) => r.webTitle)).toEqual(['china-lithium-separator', 'china-ivd', 'china-pv-glass', 'china-api'])
    expect(data.pageList.list[0]).toMatchObject({ marketTypeName: '能源', currency: 'CNY', price: 7800, id: ids.lithium })
    expect(data.categories).toEqual([
      { marketType: 'energy', marketTypeName: '能源', marketCount: 2 },
      { marketType: 'chemicals', marketTypeName: '化工', marketCount: 1 },
      { marketType: 'healthcare', marketTypeName: '医疗健康', marketCount: 1 },
    ])
    expect(data.prices.map((p: any) => [p.price, p.marketCount])).toEqual([
      [8000, 1],
      [12000, 2],
      [15000, 2],
      [15001, 1],
    ])
    expect(data.prices[0].marketTypeName).toBe(data.prices[0].marketTypeName.trim())
    expect(data.prices[0].marketTypeName.length).toBeGreaterThan(0)
    expect(data.publishDates).toEqual([
      { publishDateValue: '2026', marketTypeName: '2026年', marketCount: 2 },
      { publishDateValue: '2025', marketTypeName: '2025年', marketCount: 1 },
      { publishDateValue: '2024', marketTypeName: '2024年', marketCount: 1 },
    ])
  })

  it('counts each facet under the other filters but not its own', async () => {
    const { data } = body(await pageList({ lang: 'zh-CN', marketType: 'energy', queryPrice: 8000 }))
    expect(data.pageList.list.map((r: any) => r.webTitle)).toEqual(['china-lithium-separator'])
    expect(data.categories.find((c: any) => c.marketType === 'chemicals').marketCount).toBe(0)
    expect(data.prices.map((p: any) => p.marketCount)).toEqual([1, 2, 2, 0])
  })

  it('filters by the over band, custom price range, year and date range', async () => {
    expect(body(await pageList({ price: 15001 })).data.pageList.list.map((r: any) => r.webTitle)).toEqual(['china-api'])
    expect(body(await pageList({ priceStr: 7000, priceEnd: 12000 })).data.pageList.count).toBe(2)
    expect(body(await pageList({ queryPublishDate: '2025' })).data.pageList.list.map((r: any) => r.webTitle)).toEqual(['china-pv-glass'])
    expect(body(await pageList({ publishDateStr: '2024-01-01', publishDateEnd: '2025-12-31' })).data.pageList.count).toBe(2)
  })

  it('finds two-character Chinese keywords, longer ones, and English words case-insensitively', async () => {
    expect(body(await pageList({ keyword: '锂电' })).data.pageList.list.map((r: any) => r.webTitle)).toEqual(['china-lithium-separator'])
    expect(body(await pageList({ queryKeyword: '光伏玻璃' })).data.pageList.count).toBe(1)
    expect(body(await pageList({ keyword: '关键材料' })).data.pageList.count).toBe(1)
    const en = body(await pageList({ lang: 'en-US', keyword: 'BATTERY' })).data
    expect(en.pageList.list).toHaveLength(1)
    expect(en.pageList.list[0]).toMatchObject({ currency: 'USD', marketTypeName: 'Energy' })
  })

  it('treats LIKE metacharacters in keywords as text', async () => {
    expect(body(await pageList({ keyword: '50%_' })).data.pageList.count).toBe(1)
    // Literal: one title holds '%', none holds '%%%' or '_增_'; unescaped they would match everything.
    expect(body(await pageList({ keyword: '%' })).data.pageList.count).toBe(1)
    expect(body(await pageList({ keyword: '%%%' })).data.pageList.count).toBe(0)
    expect(body(await pageList({ keyword: '_增_' })).data.pageList.count).toBe(0)
    expect(body(await pageList({ keyword: "'; DROP TABLE research_report; --" })).data.pageList.count).toBe(0)
    expect(body(await pageList({})).data.pageList.count).toBe(4)
  })

  it('pages through results', async () => {
    const { data } = body(await pageList({ pageNo: 2, pageSize: 3 }))
    expect(data.pageList).toMatchObject({ count: 4, pageNo: 2, pageSize: 3 })
    expect(data.pageList.list).toHaveLength(1)
  })

  it('ignores blank legacy filters', async () => {
    expect(body(await pageList({ marketType: '', queryPrice: '', keyword: null })).data.pageList.count).toBe(4)
  })

  it('refuses bad input with a 400 envelope in the request language', async () => {
    const wrongType = await pageList({ lang: 'en-US', pageNo: 'first' })
    expect(wrongType.statusCode).toBe(200)
    expect(body(wrongType)).toEqual({ code: 100001, msg: 'Parameter pageNo must be of type integer', data: null })
    // Unknown fields are ignored (counted in core_unknown_fields_total), as the legacy backend ignored them.
    expect(body(await pageList({ lang: 'zh-CN', colour: 'red' })).code).toBe(200)
    expect((await pageList({ pageSize: 1000 })).statusCode).toBe(200)
    expect((await pageList({ keyword: 'x'.repeat(101) })).statusCode).toBe(200)
    expect((await pageList({ lang: 'fr-FR' })).statusCode).toBe(200)
    // Coercion would turn these into Infinity, which range checks let through.
    expect(body(await pageList({ lang: 'en-US', pageNo: '1e309' }))).toEqual({
      code: 100001,
      msg: 'Parameter pageNo is not a valid number',
      data: null,
    })
    expect((await pageList({ priceStr: 'Infinity' })).statusCode).toBe(200)
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/report/researchReport/pageList?lang=en-US',
      headers: { 'content-type': 'application/json' },
      payload: '{"pageNo": ',
    })
    expect(malformed.statusCode).toBe(200)
    expect(body(malformed)).toEqual({ code: 100001, msg: 'The request body is not valid JSON', data: null })
    const huge = await t.app.inject({
      method: 'POST',
      url: '/report/researchReport/pageList',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ keyword: 'x'.repeat(300_000) }),
    })
    expect(huge.statusCode).toBe(413)
    expect(body(huge).code).toBe(413)
  })
})

describe('GET /report/researchReport/form', () => {
  it('answers a report by slug with its edition × licence prices, defaults and alternates', async () => {
    const res = await t.app.inject({ url: '/report/researchReport/form?webTitle=china-lithium-separator&lang=zh-CN' })
    const { data } = body(res)
    expect(data).toMatchObject({
      id: ids.lithium,
      title: '2026-2031年中国锂电池隔膜行业市场深度调研报告',
      marketTypeName: '能源',
      hasFile: false,
    })
    expect(data.alternates).toEqual([
      { lang: 'en-US', webTitle: 'china-lithium-separator' },
      { lang: 'zh-CN', webTitle: 'china-lithium-separator' },
    ])
    // Own prices set Standard; Professional keeps the configured ratio (9800/6800), rounded to 100.
    expect(data.prices).toEqual([
      { edition: 'standard', licence: 'single', price: 7800 },
      { edition: 'professional', licence: 'single', price: 11200 },
      { edition: 'standard', licence: 'multi', price: 8800 },
      { edition: 'professional', licence: 'multi', price: 12800 },
      { edition: 'standard', licence: 'enterprise', price: 12800 },
      { edition: 'professional', licence: 'enterprise', price: 16800 },
    ])
  })

  it('falls back to configured prices and counts when a report has none', async () => {
    const { data } = body(await t.app.inject({ url: `/report/researchReport/form?id=${ids.noprice}` }))
    expect(data.prices[0]).toEqual({ edition: 'standard', licence: 'single', price: 6800 })
    expect(data.prices[1]).toEqual({ edition: 'professional', licence: 'single', price: 9800 })
    expect(data).toMatchObject({ pageNum: 150, chart: 80 })
  })

  it('resolves a slug ending in -{id}', async () => {
    const { data } = body(await t.app.inject({ url: `/report/researchReport/form?webTitle=some-old-title-${ids.pv}` }))
    expect(data.webTitle).toBe('china-pv-glass')
  })

  it('serves sanitized rich text', async () => {
    const { data } = body(await t.app.inject({ url: `/report/researchReport/form?id=${ids.pv}` }))
    expect(data.context).toBe('<p>光伏</p>')
  })

  it('answers 100005 for a missing or withdrawn report, in either language', async () => {
    const missing = await t.app.inject({ url: '/report/researchReport/form?webTitle=nope&lang=en-US' })
    expect(missing.statusCode).toBe(200)
    expect(body(missing)).toEqual({ code: 100005, msg: 'The research report does not exist.', data: null })
    expect(body(await t.app.inject({ url: '/report/researchReport/form?webTitle=withdrawn' })).msg).toBe('研究报告为空')
    expect(body(await t.app.inject({ url: '/report/researchReport/form?id=99999999' })).code).toBe(100005)
  })

  it('refuses a missing or malformed id', async () => {
    expect(body(await t.app.inject({ url: '/report/researchReport/form' })).code).toBe(100001)
    expect((await t.app.inject({ url: '/report/researchReport/form?id=../../etc/passwd' })).statusCode).toBe(200)
    expect((await t.app.inject({ url: '/report/researchReport/form?id=1%27%20OR%201=1' })).statusCode).toBe(200)
  })
})

describe('other report calls', () => {
  it('lists hot reports, publish years and categories', async () => {
    await createReport(t.app, { title: '热门报告', webTitle: 'hot-one', hot: true, hotSort: 1 })
    const hot = body(await t.app.inject({ url: '/report/researchReport/hotReports?lang=zh-CN' })).data
    expect(hot.map((r: any) => r.webTitle)).toEqual(['hot-one'])
    const years = body(
      await t.app.inject({
        method: 'POST',
        url: '/report/researchReport/publishDateList',
        payload: { lang: 'zh-CN', marketType: 'energy' },
      }),
    ).data
    expect(years).toEqual([
      { publishDateValue: '2026', marketTypeName: '2026年', marketCount: 2 },
      { publishDateValue: '2025', marketTypeName: '2025年', marketCount: 1 },
    ])
    const categories = body(
      await t.app.inject({ method: 'POST', url: '/report/researchReport/categoryList', payload: { lang: 'en-US' } }),
    ).data
    expect(categories[0]).toEqual({ marketType: 'energy', marketTypeName: 'Energy', marketCount: 1 })
  })

  it('answers an unknown path with a 404 envelope', async () => {
    // No outcome of the contract: the path itself is unknown, so the status says so.
    const res = await t.app.inject({ url: '/report/researchReport/nothing?lang=en-US' })
    expect(res.statusCode).toBe(404)
    expect(body(res)).toEqual({ code: 404, msg: 'The requested resource was not found.', data: null })
  })
})
