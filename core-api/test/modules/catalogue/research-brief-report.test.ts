import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { createBulletin, createDict } from '../../helpers/factories.ts'

let t: TestApp
const ids: Record<string, string> = {}

beforeAll(async () => {
  t = await buildTestApp()
  await createDict(t.app, 'bulletin_type', [
    ['industry-brief', '行业简报'],
    ['enterprise-hole-analysis', '企业漏洞分析'],
  ])
  // Inserted last but sorted first: the sub-types follow treeSort, not insertion order.
  await t.app.db.models.DictData.create({
    dictType: 'bulletin_type',
    dictValue: 'policy-watch',
    dictLabel: '政策观察',
    treeSort: 5,
    cssClass: null,
    cssStyle: null,
  })
  t.app.dicts.clearCache()
  await createDict(t.app, 'bulletin_type_en', [
    ['industry-brief', 'Industry Brief'],
    ['enterprise-hole-analysis', 'Enterprise Gap Analysis'],
  ])
  await createDict(t.app, 'bulletin_label', [
    ['new-energy', '新能源'],
    ['semiconductor', '半导体'],
    ['medical', '医疗器械'],
  ])
  await createDict(t.app, 'bulletin_label_en', [
    ['new-energy', 'New Energy'],
    ['semiconductor', 'Semiconductors'],
    ['medical', 'Medical Devices'],
  ])

  ids.lithium = (
    await createBulletin(t.app, {
      title: '2026年中国锂电池回收行业简报',
      webTitle: 'lithium-recycling-brief',
      marketType: 'industry-brief',
      topLabelId: 'new-energy',
      outline: '动力电池退役潮带来回收机遇。',
      publishDate: '2026-05-10',
      pageNum: 18,
      price: 399,
      choiceness: true,
      filePath: '/covers/lithium.png',
      fileName: 'lithium.png',
      attachmentKey: 'bulletins/zh-CN/lithium-recycling-brief.pdf',
      attachmentName: 'lithium.pdf',
    })
  ).id
  ids.equipment = (
    await createBulletin(t.app, {
      title: '半导体设备国产化简报',
      webTitle: 'semiconductor-equipment-brief',
      marketType: 'industry-brief',
      topLabelId: 'semiconductor',
      outline: '国产设备加速导入。',
      publishDate: '2026-04-01',
      price: 299,
    })
  ).id
  // Same publish date as the one above, created later: the higher id comes first.
  ids.pv = (
    await createBulletin(t.app, {
      title: '某光伏企业经营漏洞分析',
      webTitle: 'pv-enterprise-hole',
      marketType: 'enterprise-hole-analysis',
      topLabelId: 'new-energy',
      outline: '现金流与产能风险。',
      publishDate: '2026-04-01',
      price: 1999.5,
      choiceness: true,
      context: '<p onclick="steal()">漏洞<script>alert(1)</script></p><a href="javascript:alert(1)">链接</a>',
    })
  ).id
  ids.foundry = (
    await createBulletin(t.app, {
      title: '晶圆代工企业风险分析',
      webTitle: 'foundry-hole',
      marketType: 'enterprise-hole-analysis',
      topLabelId: 'semiconductor',
      outline: '产能利用率下滑。',
      publishDate: '2025-12-20',
      pageNum: null,
      price: 899,
    })
  ).id
  ids.withdrawn = (
    await createBulletin(t.app, {
      title: '已下架的锂电简报',
      webTitle: 'withdrawn-brief',
      marketType: 'industry-brief',
      topLabelId: 'new-energy',
      publishDate: '2026-06-01',
      choiceness: true,
      status: '1',
    })
  ).id
  ids.enLithium = (
    await createBulletin(t.app, {
      lang: 'en-US',
      title: 'China Lithium Battery Recycling Brief',
      webTitle: 'lithium-recycling-brief',
      marketType: 'industry-brief',
      topLabelId: 'new-energy',
      outline: 'Retired batteries open a recycling market.',
      publishDate: '2026-05-10',
      price: 59,
      choiceness: true,
      context: '<p>Body</p>',
    })
  ).id
  ids.enEquipment = (
    await createBulletin(t.app, {
      lang: 'en-US',
      title: 'Semiconductor Equipment Localisation Brief',
      webTitle: 'semiconductor-equipment-brief',
      marketType: 'industry-brief',
      topLabelId: 'semiconductor',
      outline: 'Domestic tools gain share.',
      publishDate: '2026-03-01',
      price: 45,
    })
  ).id
})

afterAll(async () => {
  await t?.close()
})

const post = (path: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/report/researchBriefReport/${path}`, payload })
const get = (pathAndQuery: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/report/researchBriefReport/${pathAndQuery}`, headers })
const slugs = (list: any[]) => list.map((b) => b.webTitle)

describe('POST /report/researchBriefReport/categoryList', () => {
  it('answers every sub-type in dictionary order with counts, zeros included', async () => {
    const res = await post('categoryList', { lang: 'zh-CN' })
    expect(res.statusCode).toBe(200)
    expect(body(res)).toEqual({
      code: 200,
      msg: '操作成功',
      data: [
        { marketType: 'policy-watch', marketTypeName: '政策观察', marketCount: 0 },
        { marketType: 'industry-brief', marketTypeName: '行业简报', marketCount: 2 },
        { marketType: 'enterprise-hole-analysis', marketTypeName: '企业漏洞分析', marketCount: 2 },
      ],
    })
  })

  it('counts only the language’s rows and names them in that language', async () => {
    const { msg, data } = body(await post('categoryList', { lang: 'en-US' }))
    expect(msg).toBe('success')
    expect(data).toEqual([
      { marketType: 'industry-brief', marketTypeName: 'Industry Brief', marketCount: 2 },
      { marketType: 'enterprise-hole-analysis', marketTypeName: 'Enterprise Gap Analysis', marketCount: 0 },
    ])
  })

  it('accepts an empty body as zh-CN and ignores unknown fields', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/report/researchBriefReport/categoryList',
      headers: { 'content-type': 'application/json' },
      payload: '',
    })
    expect(body(empty).data.map((c: any) => c.marketCount)).toEqual([0, 2, 2])
    const unknown = await post('categoryList', { lang: 'en-US', pageNo: 1 })
    expect(unknown.statusCode).toBe(200)
    expect(body(unknown).code).toBe(200)
  })
})

describe('POST /report/researchBriefReport/categoryPage', () => {
  it('answers every top label with counts across sub-types, zeros included', async () => {
    const { data } = body(await post('categoryPage', { lang: 'zh-CN' }))
    expect(data).toEqual([
      { topLabelId: 'new-energy', topLabelName: '新能源', marketCount: 2 },
      { topLabelId: 'semiconductor', topLabelName: '半导体', marketCount: 2 },
      { topLabelId: 'medical', topLabelName: '医疗器械', marketCount: 0 },
    ])
  })

  it('counts within the sub-type and keyword', async () => {
    const hole = body(await post('categoryPage', { lang: 'zh-CN', marketType: 'enterprise-hole-analysis' })).data
    expect(hole.map((l: any) => [l.topLabelId, l.marketCount])).toEqual([
      ['new-energy', 1],
      ['semiconductor', 1],
      ['medical', 0],
    ])
    const none = body(await post('categoryPage', { lang: 'zh-CN', marketType: 'policy-watch' })).data
    expect(none.map((l: any) => l.marketCount)).toEqual([0, 0, 0])
    const keyword = body(await post('categoryPage', { lang: 'zh-CN', queryKeyword: '锂电' })).data
    expect(keyword.map((l: any) => l.marketCount)).toEqual([1, 0, 0])
  })

  it('answers in English for en-US', async () => {
    const { data } = body(await post('categoryPage', { lang: 'en-US', marketType: 'industry-brief' }))
    expect(data).toEqual([
      { topLabelId: 'new-energy', topLabelName: 'New Energy', marketCount: 1 },
      { topLabelId: 'semiconductor', topLabelName: 'Semiconductors', marketCount: 1 },
      { topLabelId: 'medical', topLabelName: 'Medical Devices', marketCount: 0 },
    ])
  })

  it('refuses a wrong type, and ignores unknown fields', async () => {
    const wrong = await post('categoryPage', { lang: 'en-US', marketType: { $ne: '' } })
    expect(wrong.statusCode).toBe(200)
    expect(body(wrong)).toEqual({ code: 100001, msg: 'Parameter marketType must be of type string', data: null })
    expect(body(await post('categoryPage', { lang: 'zh-CN', label: 'x' })).code).toBe(200)
  })
})

describe('POST /report/researchBriefReport/pageList', () => {
  it('answers the language’s published bulletins newest first with the full item shape', async () => {
    const res = await post('pageList', { lang: 'zh-CN', pageNo: 1, pageSize: 10 })
    expect(res.statusCode).toBe(200)
    const { code, msg, data } = body(res)
    expect(code).toBe(200)
    expect(msg).toBe('操作成功')
    expect(data).toMatchObject({ count: 4, pageNo: 1, pageSize: 10 })
    expect(slugs(data.list)).toEqual(['lithium-recycling-brief', 'pv-enterprise-hole', 'semiconductor-equipment-brief', 'foundry-hole'])
    expect(data.list[0]).toEqual({
      id: ids.lithium,
      title: '2026年中国锂电池回收行业简报',
      webTitle: 'lithium-recycling-brief',
      marketType: 'industry-brief',
      marketTypeName: '行业简报',
      topLabelId: 'new-energy',
      topLabelName: '新能源',
      outline: '动力电池退役潮带来回收机遇。',
      publishDate: '2026-05-10',
      pageNum: 18,
      price: 399,
      currency: 'CNY',
      lang: 'zh-CN',
      hasFile: true,
      filePath: '/covers/lithium.png',
      fileName: 'lithium.png',
    })
    expect(data.list[1]).toMatchObject({ id: ids.pv, price: 1999.5, hasFile: false, filePath: null, marketTypeName: '企业漏洞分析' })
    expect(data.list[3]).toMatchObject({ id: ids.foundry, pageNum: null, topLabelName: '半导体' })
  })

  it('uses defaults when paging is left out', async () => {
    const { data } = body(await post('pageList', {}))
    expect(data).toMatchObject({ count: 4, pageNo: 1, pageSize: 10 })
  })

  it('filters by sub-type, top label, and both', async () => {
    expect(slugs(body(await post('pageList', { marketType: 'industry-brief' })).data.list)).toEqual([
      'lithium-recycling-brief',
      'semiconductor-equipment-brief',
    ])
    expect(slugs(body(await post('pageList', { topLabelId: 'semiconductor' })).data.list)).toEqual([
      'semiconductor-equipment-brief',
      'foundry-hole',
    ])
    const both = body(await post('pageList', { marketType: 'enterprise-hole-analysis', topLabelId: 'semiconductor' })).data
    expect(both.count).toBe(1)
    expect(both.list[0].id).toBe(ids.foundry)
    expect(body(await post('pageList', { topLabelId: 'medical' })).data).toEqual({ list: [], count: 0, pageNo: 1, pageSize: 10 })
  })

  it('finds two-character Chinese keywords and English words case-insensitively', async () => {
    expect(slugs(body(await post('pageList', { keyword: '锂电' })).data.list)).toEqual(['lithium-recycling-brief'])
    expect(slugs(body(await post('pageList', { queryKeyword: '分析' })).data.list)).toEqual(['pv-enterprise-hole', 'foundry-hole'])
    // The outline is searched too.
    expect(slugs(body(await post('pageList', { keyword: '产能利用率' })).data.list)).toEqual(['foundry-hole'])
    const en = body(await post('pageList', { lang: 'en-US', keyword: 'BATTERY' })).data
    expect(en.count).toBe(1)
    expect(en.list[0]).toMatchObject({
      id: ids.enLithium,
      currency: 'USD',
      price: 59,
      marketTypeName: 'Industry Brief',
      topLabelName: 'New Energy',
    })
    expect(body(await post('pageList', { lang: 'en-US', keyword: 'brief' })).data.count).toBe(2)
    expect(body(await post('pageList', { lang: 'zh-CN', keyword: 'battery' })).data.count).toBe(0)
    expect(body(await post('pageList', { keyword: '%%%' })).data.count).toBe(0)
  })

  it('pages through results', async () => {
    const first = body(await post('pageList', { pageNo: 1, pageSize: 3 })).data
    expect(slugs(first.list)).toEqual(['lithium-recycling-brief', 'pv-enterprise-hole', 'semiconductor-equipment-brief'])
    const second = body(await post('pageList', { pageNo: 2, pageSize: 3 })).data
    expect(second).toMatchObject({ count: 4, pageNo: 2, pageSize: 3 })
    expect(slugs(second.list)).toEqual(['foundry-hole'])
    expect(body(await post('pageList', { pageNo: 3, pageSize: 3 })).data.list).toEqual([])
  })

  it('keeps languages apart', async () => {
    const en = body(await post('pageList', { lang: 'en-US' })).data
    expect(en.list.map((b: any) => b.id)).toEqual([ids.enLithium, ids.enEquipment])
    expect(en.list.every((b: any) => b.lang === 'en-US' && b.currency === 'USD')).toBe(true)
    const zh = body(await post('pageList', { lang: 'zh-CN', pageSize: 100 })).data
    expect(zh.list.map((b: any) => b.id)).not.toContain(ids.enLithium)
    expect(zh.list.map((b: any) => b.id)).not.toContain(ids.withdrawn)
  })

  it('ignores blank legacy filters', async () => {
    expect(body(await post('pageList', { marketType: '', topLabelId: null, keyword: '  ' })).data.count).toBe(4)
  })

  it('refuses bad input with a 400 envelope in the request language', async () => {
    const wrongType = await post('pageList', { lang: 'en-US', pageNo: 'first' })
    expect(wrongType.statusCode).toBe(200)
    expect(body(wrongType)).toEqual({ code: 100001, msg: 'Parameter pageNo must be of type integer', data: null })
    const unknown = await post('pageList', { lang: 'zh-CN', colour: 'red' })
    expect(unknown.statusCode).toBe(200)
    expect(body(unknown).code).toBe(200)
    const tooBig = await post('pageList', { lang: 'en-US', pageSize: 101 })
    expect(tooBig.statusCode).toBe(200)
    expect(body(tooBig)).toEqual({ code: 100001, msg: 'Parameter pageSize must be at most 100', data: null })
    expect(body(await post('pageList', { lang: 'zh-CN', pageSize: 0 }))).toEqual({
      code: 100001,
      msg: '参数 pageSize 不能小于 1',
      data: null,
    })
    expect(body(await post('pageList', { keyword: 'x'.repeat(101) })).code).toBe(100001)
    expect(body(await post('pageList', { topLabelId: ['a', 'b'] })).code).toBe(100001)
    expect((await post('pageList', { lang: 'fr-FR' })).statusCode).toBe(200)
  })
})

describe('GET /report/researchBriefReport/choicenessReports', () => {
  it('answers the language’s published choiceness bulletins, newest first', async () => {
    const res = await get('choicenessReports?lang=zh-CN')
    expect(res.statusCode).toBe(200)
    const { data } = body(res)
    expect(slugs(data)).toEqual(['lithium-recycling-brief', 'pv-enterprise-hole'])
    expect(data[1]).toEqual({
      id: ids.pv,
      title: '某光伏企业经营漏洞分析',
      webTitle: 'pv-enterprise-hole',
      marketType: 'enterprise-hole-analysis',
      marketTypeName: '企业漏洞分析',
      topLabelId: 'new-energy',
      topLabelName: '新能源',
      outline: '现金流与产能风险。',
      publishDate: '2026-04-01',
      pageNum: 12,
      price: 1999.5,
      currency: 'CNY',
      lang: 'zh-CN',
      hasFile: false,
      filePath: null,
      fileName: null,
    })
  })

  it('honours limit and the language', async () => {
    expect(slugs(body(await get('choicenessReports?lang=zh-CN&limit=1')).data)).toEqual(['lithium-recycling-brief'])
    const en = body(await get('choicenessReports?lang=en-US'))
    expect(en.msg).toBe('success')
    expect(en.data.map((b: any) => [b.id, b.title, b.currency])).toEqual([[ids.enLithium, 'China Lithium Battery Recycling Brief', 'USD']])
    // Without a lang field the Accept-Language header decides.
    expect(body(await get('choicenessReports', { 'accept-language': 'en-US,en;q=0.9' })).data.map((b: any) => b.id)).toEqual([
      ids.enLithium,
    ])
  })

  it('refuses an out-of-range or non-numeric limit, and ignores unknown parameters', async () => {
    const tooMany = await get('choicenessReports?lang=en-US&limit=21')
    expect(tooMany.statusCode).toBe(200)
    expect(body(tooMany)).toEqual({ code: 100001, msg: 'Parameter limit must be at most 20', data: null })
    expect(body(await get('choicenessReports?limit=0')).code).toBe(100001)
    expect(body(await get('choicenessReports?lang=en-US&limit=six'))).toEqual({
      code: 100001,
      msg: 'Parameter limit must be of type integer',
      data: null,
    })
    expect(body(await get('choicenessReports?lang=zh-CN&top=3')).code).toBe(200)
  })
})

describe('GET /report/researchBriefReport/form', () => {
  it('answers a bulletin by id with the list fields and sanitized context', async () => {
    const res = await get(`form?id=${ids.pv}&lang=zh-CN`)
    expect(res.statusCode).toBe(200)
    const { data } = body(res)
    expect(data).toEqual({
      id: ids.pv,
      title: '某光伏企业经营漏洞分析',
      webTitle: 'pv-enterprise-hole',
      marketType: 'enterprise-hole-analysis',
      marketTypeName: '企业漏洞分析',
      topLabelId: 'new-energy',
      topLabelName: '新能源',
      outline: '现金流与产能风险。',
      publishDate: '2026-04-01',
      pageNum: 12,
      price: 1999.5,
      currency: 'CNY',
      lang: 'zh-CN',
      hasFile: false,
      filePath: null,
      fileName: null,
      context: '<p>漏洞</p><a rel="noopener noreferrer nofollow">链接</a>',
    })
  })

  it('answers by slug in the request’s language', async () => {
    const zh = body(await get('form?webTitle=lithium-recycling-brief&lang=zh-CN')).data
    expect(zh).toMatchObject({ id: ids.lithium, hasFile: true, currency: 'CNY', price: 399, context: '<p>简报正文</p>' })
    const en = body(await get('form?webTitle=lithium-recycling-brief&lang=en-US'))
    expect(en.msg).toBe('success')
    expect(en.data).toMatchObject({
      id: ids.enLithium,
      title: 'China Lithium Battery Recycling Brief',
      marketTypeName: 'Industry Brief',
      topLabelName: 'New Energy',
      currency: 'USD',
      price: 59,
      context: '<p>Body</p>',
    })
  })

  it('resolves an unknown slug ending in -{id}, within the language', async () => {
    expect(body(await get(`form?webTitle=some-old-title-${ids.foundry}`)).data.webTitle).toBe('foundry-hole')
    expect(body(await get(`form?webTitle=some-old-title-${ids.enLithium}&lang=zh-CN`)).code).toBe(100005)
  })

  it('answers 100005 for a missing or withdrawn bulletin, in either language', async () => {
    const missing = await get('form?webTitle=nope&lang=en-US')
    expect(missing.statusCode).toBe(200)
    expect(body(missing)).toEqual({ code: 100005, msg: 'The research report does not exist.', data: null })
    expect(body(await get('form?webTitle=withdrawn-brief'))).toEqual({ code: 100005, msg: '研究报告为空', data: null })
    expect(body(await get(`form?id=${ids.withdrawn}`)).code).toBe(100005)
    expect(body(await get(`form?id=${ids.enEquipment}&lang=zh-CN`)).code).toBe(100005)
    expect(body(await get('form?id=99999999')).code).toBe(100005)
  })

  it('refuses a missing or malformed id', async () => {
    const none = await get('form?lang=en-US')
    expect(none.statusCode).toBe(200)
    expect(body(none)).toEqual({ code: 100001, msg: 'Missing parameter: id or webTitle', data: null })
    expect(body(await get('form?webTitle='))).toEqual({ code: 100001, msg: '缺少参数：id 或 webTitle', data: null })
    const bad = await get('form?id=../../etc/passwd&lang=en-US')
    expect(bad.statusCode).toBe(200)
    expect(body(bad)).toEqual({ code: 100001, msg: 'Parameter id has an invalid format', data: null })
    expect((await get('form?id=1%27%20OR%201=1')).statusCode).toBe(200)
    expect((await get('form?id=0')).statusCode).toBe(200)
    // A parameter the route does not know is ignored, as the legacy backend ignored it.
    expect(body(await get(`form?id=${ids.pv}&slug=x`)).code).toBe(200)
  })
})

describe('BulletinService.priceOf', () => {
  it('answers the server price of a published bulletin in its language only', async () => {
    expect(await t.app.bulletins.priceOf('zh-CN', ids.pv!)).toEqual({ id: ids.pv, title: '某光伏企业经营漏洞分析', price: 1999.5 })
    expect(await t.app.bulletins.priceOf('en-US', ids.enLithium!)).toEqual({
      id: ids.enLithium,
      title: 'China Lithium Battery Recycling Brief',
      price: 59,
    })
    expect(await t.app.bulletins.priceOf('en-US', ids.pv!)).toBeUndefined()
    expect(await t.app.bulletins.priceOf('zh-CN', ids.withdrawn!)).toBeUndefined()
    expect(await t.app.bulletins.priceOf('zh-CN', 'not-an-id')).toBeUndefined()
  })
})

// Last: adds rows that would change the counts above.
describe('choiceness default limit', () => {
  it('answers at most six without a limit, and up to twenty with one', async () => {
    for (let i = 1; i <= 7; i++) {
      await createBulletin(t.app, {
        lang: 'en-US',
        title: `Featured Brief ${i}`,
        webTitle: `featured-${i}`,
        publishDate: `2024-01-0${i}`,
        choiceness: true,
        price: 30,
      })
    }
    const six = body(await get('choicenessReports?lang=en-US')).data
    expect(slugs(six)).toEqual(['lithium-recycling-brief', 'featured-7', 'featured-6', 'featured-5', 'featured-4', 'featured-3'])
    expect(body(await get('choicenessReports?lang=en-US&limit=20')).data).toHaveLength(8)
  })
})
