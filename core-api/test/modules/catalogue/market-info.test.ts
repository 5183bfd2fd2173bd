import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { createDict, createNews } from '../../helpers/factories.ts'

let t: TestApp
const ids: Record<string, string> = {}

beforeAll(async () => {
  t = await buildTestApp()
  await createDict(t.app, 'market_type', [
    ['energy', '能源'],
    ['chemicals', '化工'],
    ['healthcare', '医疗健康'],
  ])
  await createDict(t.app, 'market_type_en', [
    ['energy', 'Energy'],
    ['chemicals', 'Chemicals'],
    ['healthcare', 'Healthcare'],
  ])
  await createDict(t.app, 'news_category', [
    ['industry-news', '行业新闻'],
    ['policy', '政策法规'],
  ])
  await createDict(t.app, 'news_category_en', [
    ['industry-news', 'Industry News'],
    ['policy', 'Policy'],
  ])
  ids.lithium = (
    await createNews(t.app, {
      title: '锂电池隔膜产能持续扩张',
      webTitle: 'lithium-separator-capacity',
      marketType: 'energy',
      marketCategory: 'industry-news',
      keyword: '锂电,隔膜',
      outline: '隔膜龙头企业加速扩产。',
      publishDate: '2026-05-01 08:30:00',
      context: '<p onclick="steal()">隔膜<script>alert(1)</script></p>',
      filePath: '/upload/news/lithium.jpg',
      fileName: 'lithium.jpg',
    })
  ).id
  // pvGlass and api share a publish date: id breaks the tie, so api (created later) is the newer.
  ids.pvGlass = (
    await createNews(t.app, {
      title: '光伏玻璃价格企稳',
      webTitle: 'pv-glass-prices',
      marketType: 'energy',
      marketCategory: 'policy',
      outline: '价格在三月后趋稳。',
      publishDate: '2026-04-20 10:00:00',
    })
  ).id
  ids.api = (
    await createNews(t.app, {
      title: '原料药出口增长',
      webTitle: 'api-exports',
      marketType: 'chemicals',
      marketCategory: 'industry-news',
      outline: '出口额同比上升。',
      publishDate: '2026-04-20 10:00:00',
    })
  ).id
  ids.ivd = (
    await createNews(t.app, {
      title: '体外诊断集采政策落地',
      webTitle: 'ivd-procurement',
      marketType: 'healthcare',
      marketCategory: 'policy',
      outline: '集采范围扩大。',
      publishDate: '2026-03-01 09:00:00',
    })
  ).id
  ids.withdrawn = (
    await createNews(t.app, {
      title: '已下架的锂电资讯',
      webTitle: 'withdrawn-news',
      marketType: 'energy',
      marketCategory: 'industry-news',
      publishDate: '2026-06-01 00:00:00',
      status: '1',
    })
  ).id
  ids.enSeparator = (
    await createNews(t.app, {
      lang: 'en-US',
      title: 'Lithium Battery Separator Capacity Expands',
      webTitle: 'lithium-separator-capacity',
      marketType: 'energy',
      marketCategory: 'industry-news',
      keyword: 'lithium, separator',
      outline: 'Leading makers speed up expansion.',
      context: '<p>Body</p>',
      publishDate: '2026-05-02 12:00:00',
    })
  ).id
  ids.enSolar = (
    await createNews(t.app, {
      lang: 'en-US',
      title: 'Solar Glass Prices Stabilise',
      webTitle: 'solar-glass-prices',
      marketType: 'energy',
      marketCategory: 'policy',
      outline: 'Prices steadied after March.',
      publishDate: '2026-04-01 07:05:09',
    })
  ).id
})

afterAll(async () => {
  await t?.close()
})

const pageList = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/report/marketInfo/pageList', payload })
const titles = (res: { body: string }) => body(res).data.list.map((n: any) => n.webTitle)
const detail = (query: string) => t.app.inject({ url: `/report/marketInfo/detailList?${query}` })

describe('POST /report/marketInfo/pageList', () => {
  it('answers published articles of the language, newest first, ties broken by id, in the envelope', async () => {
    const res = await pageList({ lang: 'zh-CN', pageNo: 1, pageSize: 10 })
    expect(res.statusCode).toBe(200)
    const { code, msg, data } = body(res)
    expect(code).toBe(200)
    expect(msg).toBe('操作成功')
    expect(data).toMatchObject({ count: 4, pageNo: 1, pageSize: 10 })
    expect(data.list.map((n: any) => n.webTitle)).toEqual([
      'lithium-separator-capacity',
      'api-exports',
      'pv-glass-prices',
      'ivd-procurement',
    ])
    expect(data.list[0]).toEqual({
      id: ids.lithium,
      title: '锂电池隔膜产能持续扩张',
      webTitle: 'lithium-separator-capacity',
      marketType: 'energy',
      marketTypeName: '能源',
      marketCategory: 'industry-news',
      marketCategoryName: '行业新闻',
      keyword: '锂电,隔膜',
      outline: '隔膜龙头企业加速扩产。',
      publishDate: '2026-05-01 08:30:00',
      lang: 'zh-CN',
      filePath: '/upload/news/lithium.jpg',
      fileName: 'lithium.jpg',
    })
    expect(data.list[3]).toMatchObject({ marketTypeName: '医疗健康', marketCategoryName: '政策法规', filePath: null, fileName: null })
  })

  it('defaults to zh-CN, page 1 and 10 per page', async () => {
    const { data } = body(await pageList({}))
    expect(data).toMatchObject({ count: 4, pageNo: 1, pageSize: 10 })
    expect(data.list[0].lang).toBe('zh-CN')
  })

  it('keeps the languages apart, with English labels', async () => {
    const { msg, data } = body(await pageList({ lang: 'en-US' }))
    expect(msg).toBe('success')
    expect(data.count).toBe(2)
    expect(data.list.map((n: any) => n.id)).toEqual([ids.enSeparator, ids.enSolar])
    expect(data.list[1]).toMatchObject({
      marketTypeName: 'Energy',
      marketCategoryName: 'Policy',
      publishDate: '2026-04-01 07:05:09',
      lang: 'en-US',
    })
  })

  it('filters by marketType, its activeIndustryType alias and marketCategory', async () => {
    expect(titles(await pageList({ marketType: 'energy' }))).toEqual(['lithium-separator-capacity', 'pv-glass-prices'])
    expect(titles(await pageList({ activeIndustryType: 'energy' }))).toEqual(['lithium-separator-capacity', 'pv-glass-prices'])
    expect(titles(await pageList({ activeIndustryType: 'chemicals' }))).toEqual(['api-exports'])
    expect(titles(await pageList({ marketCategory: 'policy' }))).toEqual(['pv-glass-prices', 'ivd-procurement'])
    expect(titles(await pageList({ marketType: 'energy', marketCategory: 'policy' }))).toEqual(['pv-glass-prices'])
    expect(body(await pageList({ marketType: 'no-such-type' })).data).toEqual({ list: [], count: 0, pageNo: 1, pageSize: 10 })
  })

  it('finds two-character Chinese keywords, longer ones, and English words case-insensitively', async () => {
    // 锂电 also names the withdrawn article, which stays hidden.
    expect(titles(await pageList({ keyword: '锂电' }))).toEqual(['lithium-separator-capacity'])
    expect(titles(await pageList({ queryKeyword: '隔膜' }))).toEqual(['lithium-separator-capacity'])
    expect(titles(await pageList({ keyword: '光伏玻璃' }))).toEqual(['pv-glass-prices'])
    expect(titles(await pageList({ keyword: '集采范围' }))).toEqual(['ivd-procurement'])
    expect(titles(await pageList({ lang: 'en-US', keyword: 'SEPARATOR' }))).toEqual(['lithium-separator-capacity'])
    expect(titles(await pageList({ lang: 'en-US', queryKeyword: 'steadied' }))).toEqual(['solar-glass-prices'])
    expect(body(await pageList({ lang: 'en-US', keyword: '锂电' })).data.count).toBe(0)
    expect(body(await pageList({ keyword: '%%%' })).data.count).toBe(0)
    expect(titles(await pageList({ keyword: '出口', marketType: 'energy' }))).toEqual([])
  })

  it('pages through results', async () => {
    const second = body(await pageList({ pageNo: 2, pageSize: 3 })).data
    expect(second).toMatchObject({ count: 4, pageNo: 2, pageSize: 3 })
    expect(second.list.map((n: any) => n.webTitle)).toEqual(['ivd-procurement'])
    expect(titles(await pageList({ pageNo: 1, pageSize: 2 }))).toEqual(['lithium-separator-capacity', 'api-exports'])
    expect(body(await pageList({ pageNo: 3, pageSize: 3 })).data).toEqual({ list: [], count: 4, pageNo: 3, pageSize: 3 })
  })

  it('ignores blank legacy filters', async () => {
    expect(body(await pageList({ marketType: '', activeIndustryType: null, marketCategory: '', keyword: ' ' })).data.count).toBe(4)
  })

  it('refuses bad input with a 400 envelope in the request language', async () => {
    const wrongType = await pageList({ lang: 'en-US', pageNo: 'first' })
    expect(wrongType.statusCode).toBe(200)
    expect(body(wrongType)).toEqual({ code: 100001, msg: 'Parameter pageNo must be of type integer', data: null })
    expect(body(await pageList({ lang: 'en-US', marketCategory: { a: 1 } }))).toEqual({
      code: 100001,
      msg: 'Parameter marketCategory must be of type string',
      data: null,
    })
    // Unknown fields are ignored, as the legacy backend ignored them.
    const unknown = await pageList({ lang: 'zh-CN', colour: 'red' })
    expect(unknown.statusCode).toBe(200)
    expect(body(unknown).code).toBe(200)
    const tooBig = await pageList({ lang: 'en-US', pageSize: 101 })
    expect(tooBig.statusCode).toBe(200)
    expect(body(tooBig)).toEqual({ code: 100001, msg: 'Parameter pageSize must be at most 100', data: null })
    expect(body(await pageList({ lang: 'en-US', pageNo: 0 }))).toEqual({
      code: 100001,
      msg: 'Parameter pageNo must be at least 1',
      data: null,
    })
    expect((await pageList({ keyword: 'x'.repeat(101) })).statusCode).toBe(200)
    expect((await pageList({ activeIndustryType: 'x'.repeat(65) })).statusCode).toBe(200)
    expect((await pageList({ lang: 'fr-FR' })).statusCode).toBe(200)
  })
})

describe('GET /report/marketInfo/detailList', () => {
  it('answers the article with sanitized context and its neighbours; the newest has no next', async () => {
    const res = await detail(`id=${ids.lithium}&lang=zh-CN`)
    expect(res.statusCode).toBe(200)
    const { code, data } = body(res)
    expect(code).toBe(200)
    expect(data.vo).toEqual({
      id: ids.lithium,
      title: '锂电池隔膜产能持续扩张',
      webTitle: 'lithium-separator-capacity',
      marketType: 'energy',
      marketTypeName: '能源',
      marketCategory: 'industry-news',
      marketCategoryName: '行业新闻',
      keyword: '锂电,隔膜',
      outline: '隔膜龙头企业加速扩产。',
      publishDate: '2026-05-01 08:30:00',
      lang: 'zh-CN',
      filePath: '/upload/news/lithium.jpg',
      fileName: 'lithium.jpg',
      context: '<p>隔膜</p>',
    })
    // The withdrawn article is newer but never a neighbour.
    expect(data.last).toEqual({ id: ids.api, title: '原料药出口增长', webTitle: 'api-exports', publishDate: '2026-04-20 10:00:00' })
    expect(data.next).toBeNull()
  })

  it('breaks publish-date ties by id in both directions', async () => {
    const api = body(await detail(`webTitle=api-exports`)).data
    expect(api.last).toEqual({
      id: ids.pvGlass,
      title: '光伏玻璃价格企稳',
      webTitle: 'pv-glass-prices',
      publishDate: '2026-04-20 10:00:00',
    })
    expect(api.next.id).toBe(ids.lithium)
    const pv = body(await detail(`webTitle=pv-glass-prices`)).data
    expect(pv.last.id).toBe(ids.ivd)
    expect(pv.next.id).toBe(ids.api)
  })

  it('answers null last for the oldest article', async () => {
    const { data } = body(await detail(`id=${ids.ivd}`))
    expect(data.last).toBeNull()
    expect(data.next).toEqual({
      id: ids.pvGlass,
      title: '光伏玻璃价格企稳',
      webTitle: 'pv-glass-prices',
      publishDate: '2026-04-20 10:00:00',
    })
  })

  it('keeps neighbours within the language', async () => {
    const newest = body(await detail('webTitle=lithium-separator-capacity&lang=en-US')).data
    expect(newest.vo).toMatchObject({
      id: ids.enSeparator,
      marketTypeName: 'Energy',
      marketCategoryName: 'Industry News',
      context: '<p>Body</p>',
      publishDate: '2026-05-02 12:00:00',
    })
    expect(newest.last).toEqual({
      id: ids.enSolar,
      title: 'Solar Glass Prices Stabilise',
      webTitle: 'solar-glass-prices',
      publishDate: '2026-04-01 07:05:09',
    })
    expect(newest.next).toBeNull()
    const oldest = body(await detail(`id=${ids.enSolar}&lang=en-US`)).data
    expect(oldest.last).toBeNull()
    expect(oldest.next.id).toBe(ids.enSeparator)
  })

  it('resolves an unknown slug ending in -{id} by that id', async () => {
    const { data } = body(await detail(`webTitle=some-old-title-${ids.pvGlass}`))
    expect(data.vo.webTitle).toBe('pv-glass-prices')
    expect(data.vo.id).toBe(ids.pvGlass)
  })

  it('answers 404 for a missing, withdrawn or other-language article, in either language', async () => {
    const missing = await detail('webTitle=no-such-article&lang=en-US')
    expect(missing.statusCode).toBe(200)
    expect(body(missing)).toEqual({ code: 404, msg: 'The article does not exist.', data: null })
    const zh = await detail('id=99999999&lang=zh-CN')
    expect(zh.statusCode).toBe(200)
    expect(body(zh)).toEqual({ code: 404, msg: '资讯不存在', data: null })
    expect(body(await detail(`id=${ids.withdrawn}`)).msg).toBe('资讯不存在')
    expect(body(await detail('webTitle=withdrawn-news')).code).toBe(404)
    expect(body(await detail(`id=${ids.enSolar}&lang=zh-CN`)).code).toBe(404)
    expect(body(await detail(`webTitle=old-link-${ids.enSolar}&lang=zh-CN`)).code).toBe(404)
  })

  it('refuses a missing or malformed id, and ignores unknown parameters', async () => {
    const none = await detail('lang=en-US')
    expect(none.statusCode).toBe(200)
    expect(body(none)).toEqual({ code: 100001, msg: 'Missing parameter: id or webTitle', data: null })
    const bad = await detail('id=abc&lang=en-US')
    expect(bad.statusCode).toBe(200)
    expect(body(bad)).toEqual({ code: 100001, msg: 'Parameter id has an invalid format', data: null })
    expect((await detail('id=0')).statusCode).toBe(200)
    expect((await detail('id=1%27%20OR%201=1')).statusCode).toBe(200)
    expect((await detail(`webTitle=${'x'.repeat(201)}`)).statusCode).toBe(200)
    const unknown = await detail(`id=${ids.lithium}&colour=red&_=1732500000000`)
    expect(unknown.statusCode).toBe(200)
    expect(body(unknown).code).toBe(200)
  })
})

describe('POST /report/marketInfo/categoryList', () => {
  it('lists every dictionary market type with its categories and counts, zeros included', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/report/marketInfo/categoryList', payload: { lang: 'zh-CN' } })
    expect(res.statusCode).toBe(200)
    expect(body(res).data).toEqual([
      {
        marketType: 'energy',
        marketTypeName: '能源',
        marketCount: 2,
        categories: [
          { marketCategory: 'industry-news', marketCategoryName: '行业新闻', marketCount: 1 },
          { marketCategory: 'policy', marketCategoryName: '政策法规', marketCount: 1 },
        ],
      },
      {
        marketType: 'chemicals',
        marketTypeName: '化工',
        marketCount: 1,
        categories: [
          { marketCategory: 'industry-news', marketCategoryName: '行业新闻', marketCount: 1 },
          { marketCategory: 'policy', marketCategoryName: '政策法规', marketCount: 0 },
        ],
      },
      {
        marketType: 'healthcare',
        marketTypeName: '医疗健康',
        marketCount: 1,
        categories: [
          { marketCategory: 'industry-news', marketCategoryName: '行业新闻', marketCount: 0 },
          { marketCategory: 'policy', marketCategoryName: '政策法规', marketCount: 1 },
        ],
      },
    ])
  })

  it('counts the English edition separately', async () => {
    const { data } = body(await t.app.inject({ method: 'POST', url: '/report/marketInfo/categoryList', payload: { lang: 'en-US' } }))
    expect(data.map((d: any) => [d.marketType, d.marketTypeName, d.marketCount])).toEqual([
      ['energy', 'Energy', 2],
      ['chemicals', 'Chemicals', 0],
      ['healthcare', 'Healthcare', 0],
    ])
    expect(data[0].categories).toEqual([
      { marketCategory: 'industry-news', marketCategoryName: 'Industry News', marketCount: 1 },
      { marketCategory: 'policy', marketCategoryName: 'Policy', marketCount: 1 },
    ])
  })

  it('ignores unknown fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/report/marketInfo/categoryList',
      payload: { lang: 'en-US', marketType: 'energy' },
    })
    expect(res.statusCode).toBe(200)
    expect(body(res).code).toBe(200)
  })
})

describe('GET /report/marketInfo/topList', () => {
  it('answers the newest articles of the language in the list item shape', async () => {
    const { data } = body(await t.app.inject({ url: '/report/marketInfo/topList?lang=zh-CN&limit=2' }))
    expect(data.map((n: any) => n.id)).toEqual([ids.lithium, ids.api])
    expect(data[1]).toEqual({
      id: ids.api,
      title: '原料药出口增长',
      webTitle: 'api-exports',
      marketType: 'chemicals',
      marketTypeName: '化工',
      marketCategory: 'industry-news',
      marketCategoryName: '行业新闻',
      keyword: '',
      outline: '出口额同比上升。',
      publishDate: '2026-04-20 10:00:00',
      lang: 'zh-CN',
      filePath: null,
      fileName: null,
    })
    const en = body(await t.app.inject({ url: '/report/marketInfo/topList?lang=en-US' })).data
    expect(en.map((n: any) => n.id)).toEqual([ids.enSeparator, ids.enSolar])
  })

  it('answers six by default and at most the limit', async () => {
    for (let day = 1; day <= 4; day++) {
      await createNews(t.app, { title: `旧资讯 ${day}`, webTitle: `old-news-${day}`, publishDate: `2025-12-0${day} 09:00:00` })
    }
    const six = body(await t.app.inject({ url: '/report/marketInfo/topList?lang=zh-CN' })).data
    expect(six.map((n: any) => n.webTitle)).toEqual([
      'lithium-separator-capacity',
      'api-exports',
      'pv-glass-prices',
      'ivd-procurement',
      'old-news-4',
      'old-news-3',
    ])
    expect(body(await t.app.inject({ url: '/report/marketInfo/topList?lang=zh-CN&limit=20' })).data).toHaveLength(8)
  })

  it('refuses an out-of-range or malformed limit', async () => {
    const tooMany = await t.app.inject({ url: '/report/marketInfo/topList?lang=en-US&limit=21' })
    expect(tooMany.statusCode).toBe(200)
    expect(body(tooMany)).toEqual({ code: 100001, msg: 'Parameter limit must be at most 20', data: null })
    expect(body(await t.app.inject({ url: '/report/marketInfo/topList?lang=en-US&limit=0' }))).toEqual({
      code: 100001,
      msg: 'Parameter limit must be at least 1',
      data: null,
    })
    expect(body(await t.app.inject({ url: '/report/marketInfo/topList?lang=en-US&limit=six' }))).toEqual({
      code: 100001,
      msg: 'Parameter limit must be of type integer',
      data: null,
    })
  })
})
