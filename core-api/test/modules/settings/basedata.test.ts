import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { createConfigs, createDict, createReport } from '../../helpers/factories.ts'

let t: TestApp

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
  const { DictData, Carousel, MapRegion } = t.app.db.models
  // Out of insertion order, with a disabled entry and styling.
  await DictData.bulkCreate([
    {
      dictType: 'market_type',
      dictValue: 'late',
      dictLabel: '后排',
      treeSort: 30,
      cssClass: 'tag-late',
      cssStyle: 'color:red',
      isSys: '0',
    },
    { dictType: 'market_type', dictValue: 'early', dictLabel: '前排', treeSort: 5, cssClass: null, cssStyle: null },
    { dictType: 'market_type', dictValue: 'hidden', dictLabel: '停用', treeSort: 1, cssClass: null, cssStyle: null, status: '1' },
    // Rows of a type that exists in the table but is not public.
    { dictType: 'sys_user_sex', dictValue: '0', dictLabel: '男', treeSort: 1, cssClass: null, cssStyle: null },
  ])
  t.app.dicts.clearCache()
  await createConfigs(t.app, { 'site.phone': '400-000-0000', 'site.email': 'service@example.com', 'cn.china.data.single.price': 6800 })

  await Carousel.bulkCreate([
    { lang: 'zh-CN', title: '第二张', subtitle: '副标题二', linkUrl: '/market', color: '#223344', sort: 2 },
    { lang: 'zh-CN', title: '第一张', subtitle: '', linkUrl: '/report-industries/energy', color: '#112233', sort: 1 },
    { lang: 'zh-CN', title: '已下线', subtitle: '', linkUrl: '/', color: '#000000', sort: 0, status: '1' },
    { lang: 'en-US', title: 'First slide', subtitle: 'Sub', linkUrl: '/report-industries', color: 'teal', sort: 1 },
  ])
  await MapRegion.bulkCreate([
    { regionCode: 'europe', nameZh: '欧洲', nameEn: 'Europe', clients: 120, reports: 340, sort: 2 },
    { regionCode: 'asia', nameZh: '亚洲', nameEn: 'Asia', clients: 900, reports: 1500, sort: 1 },
    { regionCode: 'africa', nameZh: '非洲', nameEn: 'Africa', clients: 12, reports: 40, sort: 3 },
  ])
})

afterAll(async () => {
  await t?.close()
})

const listDict = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/basedata/dict/listData', payload })
const findKeys = (query: string) => t.app.inject({ url: `/basedata/config/findListByKeys?${query}` })

describe('POST /basedata/dict/listData', () => {
  it('answers the entries of a type with the legacy row shape, in dictionary order', async () => {
    const res = await listDict({ dictType: 'reports_category', lang: 'zh-CN' })
    expect(res.statusCode).toBe(200)
    const { code, msg, data } = body(res)
    expect(code).toBe(200)
    expect(msg).toBe('操作成功')
    expect(data.map((d: any) => [d.dictValue, d.dictLabel])).toEqual([
      ['energy', '能源'],
      ['chemicals', '化工'],
      ['healthcare', '医疗健康'],
    ])
    expect(data[0]).toEqual({
      dictCode: expect.stringMatching(/^[1-9][0-9]*$/),
      dictLabel: '能源',
      dictLabelRaw: '能源',
      dictValue: 'energy',
      dictType: 'reports_category',
      isSys: '1',
      cssClass: null,
      cssStyle: null,
      dictIcon: null,
      treeSort: 10,
      sort: 10,
    })
  })

  it('answers the English edition by its _en type', async () => {
    const { msg, data } = body(await listDict({ dictType: 'reports_category_en', lang: 'en-US' }))
    expect(msg).toBe('success')
    expect(data.map((d: any) => d.dictLabel)).toEqual(['Energy', 'Chemicals', 'Healthcare'])
    expect(data.every((d: any) => d.dictType === 'reports_category_en')).toBe(true)
  })

  it('orders by treeSort, leaves out disabled entries and keeps styling', async () => {
    const { data } = body(await listDict({ dictType: 'market_type' }))
    expect(data.map((d: any) => d.dictValue)).toEqual(['early', 'late'])
    expect(data[1]).toMatchObject({ cssClass: 'tag-late', cssStyle: 'color:red', isSys: '0', treeSort: 30, sort: 30 })
  })

  it('answers an empty list for a known type without entries', async () => {
    expect(body(await listDict({ dictType: 'bulletin_label_en' }))).toEqual({ code: 200, msg: '操作成功', data: [] })
  })

  it('refuses an unknown dictionary type, even one present in the table', async () => {
    const unknown = await listDict({ dictType: 'sys_user_sex', lang: 'en-US' })
    expect(unknown.statusCode).toBe(200)
    expect(body(unknown)).toEqual({ code: 100001, msg: 'Unknown dictionary type', data: null })
    expect(body(await listDict({ dictType: 'nope', lang: 'zh-CN' }))).toEqual({ code: 100001, msg: '不支持的字典类型', data: null })
    expect((await listDict({ dictType: "reports_category' OR '1'='1" })).statusCode).toBe(200)
  })

  it('refuses missing, blank, oversize and mistyped fields, and ignores unknown ones', async () => {
    const missing = await listDict({ lang: 'en-US' })
    expect(missing.statusCode).toBe(200)
    expect(body(missing)).toEqual({ code: 100001, msg: 'Missing required parameter: dictType', data: null })
    expect(body(await listDict({ dictType: '', lang: 'zh-CN' }))).toEqual({ code: 100001, msg: '缺少必填参数：dictType', data: null })
    expect(body(await listDict({ dictType: 'x'.repeat(65), lang: 'en-US' })).msg).toBe('Parameter dictType must be at most 64 characters')
    const wrongType = await listDict({ dictType: { $ne: 'x' }, lang: 'en-US' })
    expect(wrongType.statusCode).toBe(200)
    expect(body(wrongType)).toEqual({ code: 100001, msg: 'Parameter dictType must be of type string', data: null })
    // A field the call does not take is ignored, as the legacy backend ignored it.
    expect(body(await listDict({ dictType: 'market_type', status: '1', lang: 'zh-CN' })).code).toBe(200)
    expect((await listDict({ dictType: 'market_type', lang: 'fr-FR' })).statusCode).toBe(200)
  })
})

describe('GET /basedata/config/findListByKeys', () => {
  it('answers the rows of the keys that exist, in the order asked', async () => {
    const res = await findKeys('keys=site.phone,missing.key,cn.china.data.single.price,site.email&lang=zh-CN')
    expect(res.statusCode).toBe(200)
    expect(body(res)).toEqual({
      code: 200,
      msg: '操作成功',
      data: [
        { configKey: 'site.phone', configValue: '400-000-0000', configName: 'site.phone' },
        { configKey: 'cn.china.data.single.price', configValue: '6800', configName: 'cn.china.data.single.price' },
        { configKey: 'site.email', configValue: 'service@example.com', configName: 'site.email' },
      ],
    })
  })

  it('ignores blanks around keys, empty segments and repeats', async () => {
    const { msg, data } = body(await findKeys(`keys=${encodeURIComponent(' site.email , ,site.phone,site.email,')}&lang=en-US`))
    expect(msg).toBe('success')
    expect(data.map((row: any) => row.configKey)).toEqual(['site.email', 'site.phone'])
  })

  it('answers an empty list when no key exists', async () => {
    expect(body(await findKeys('keys=nothing.here'))).toEqual({ code: 200, msg: '操作成功', data: [] })
  })

  it('accepts 50 keys and refuses 51', async () => {
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`).join(',')
    expect((await findKeys(`keys=site.phone,${keys(49)}`)).statusCode).toBe(200)
    const tooMany = await findKeys(`keys=${keys(51)}&lang=en-US`)
    expect(tooMany.statusCode).toBe(200)
    expect(body(tooMany)).toEqual({ code: 100001, msg: 'At most 50 keys may be requested at once', data: null })
    expect(body(await findKeys(`keys=${keys(51)}&lang=zh-CN`)).msg).toBe('一次最多查询 50 个配置项')
  })

  it('refuses missing or blank keys', async () => {
    const missing = await findKeys('lang=en-US')
    expect(missing.statusCode).toBe(200)
    expect(body(missing)).toEqual({ code: 100001, msg: 'Missing required parameter: keys', data: null })
    expect(body(await findKeys('keys=&lang=zh-CN'))).toEqual({ code: 100001, msg: '缺少必填参数：keys', data: null })
    expect(body(await findKeys('keys=,,,&lang=zh-CN'))).toEqual({ code: 100001, msg: '缺少必填参数：keys', data: null })
  })

  it('refuses keys with characters outside letters, digits, dot, underscore and hyphen, or over 120 characters', async () => {
    const badKey = "Keys may contain only letters, digits, '.', '_' and '-', at most 120 characters each"
    for (const keys of ['site.phone,../../etc/passwd', "site.phone' OR '1'='1", 'site phone', 'site.phone;drop', '键名', 'a'.repeat(121)]) {
      const res = await findKeys(`keys=${encodeURIComponent(keys)}&lang=en-US`)
      expect(res.statusCode, keys).toBe(200)
      expect(body(res), keys).toEqual({ code: 100001, msg: badKey, data: null })
    }
    expect(body(await findKeys('keys=a%2Fb&lang=zh-CN')).msg).toBe('配置项名称只能包含字母、数字、点、下划线和连字符，且不超过 120 个字符')
    expect((await findKeys(`keys=${'a'.repeat(120)}`)).statusCode).toBe(200)
  })

  it('ignores unknown parameters, and refuses an oversize list and a bad lang', async () => {
    expect(body(await findKeys('keys=site.phone&key=x&_t=1732500000000&lang=en-US')).code).toBe(200)
    expect(body(await findKeys(`keys=${'a,'.repeat(3100)}&lang=en-US`)).msg).toBe('Parameter keys must be at most 6050 characters')
    expect((await findKeys('keys=site.phone&lang=de-DE')).statusCode).toBe(200)
  })
})

describe('GET /basedata/carousel/listData', () => {
  it("answers the published slides of the request's language, by sort", async () => {
    const res = await t.app.inject({ url: '/basedata/carousel/listData?lang=zh-CN' })
    expect(res.statusCode).toBe(200)
    const { code, data } = body(res)
    expect(code).toBe(200)
    expect(data).toEqual([
      {
        id: expect.stringMatching(/^[1-9][0-9]*$/),
        name: '第一张',
        title: '第一张',
        desc: '',
        linkUrl: '/report-industries/energy',
        color: '#112233',
        sort: 1,
      },
      {
        id: expect.stringMatching(/^[1-9][0-9]*$/),
        name: '第二张',
        title: '第二张',
        desc: '副标题二',
        linkUrl: '/market',
        color: '#223344',
        sort: 2,
      },
    ])
  })

  it('answers the English slides for en-US, from lang or Accept-Language', async () => {
    const { msg, data } = body(await t.app.inject({ url: '/basedata/carousel/listData?lang=en-US' }))
    expect(msg).toBe('success')
    expect(data.map((s: any) => s.title)).toEqual(['First slide'])
    const byHeader = body(await t.app.inject({ url: '/basedata/carousel/listData', headers: { 'accept-language': 'en-US,en;q=0.9' } }))
    expect(byHeader.data.map((s: any) => s.title)).toEqual(['First slide'])
    // No lang at all: zh-CN.
    expect(body(await t.app.inject({ url: '/basedata/carousel/listData' })).data).toHaveLength(2)
  })

  it('ignores unknown parameters, and refuses a bad lang', async () => {
    const res = await t.app.inject({ url: '/basedata/carousel/listData?lang=en-US&status=1' })
    expect(res.statusCode).toBe(200)
    expect(body(res).code).toBe(200)
    expect(body(await t.app.inject({ url: '/basedata/carousel/listData?lang=ja-JP' })).code).toBe(100001)
  })
})

describe('GET /basedata/home/mapData', () => {
  it('answers every region by sort, named in Chinese, beside the home blocks earlier clients read', async () => {
    const hot = await createReport(t.app, { title: '热门报告', webTitle: 'map-hot', hot: true, hotSort: 1 })
    const res = await t.app.inject({ url: '/basedata/home/mapData?lang=zh-CN' })
    expect(res.statusCode).toBe(200)
    const { code, data } = body(res)
    expect(code).toBe(200)
    expect(data.regions).toEqual([
      { regionCode: 'asia', regionName: '亚洲', clients: 900, reports: 1500 },
      { regionCode: 'europe', regionName: '欧洲', clients: 120, reports: 340 },
      { regionCode: 'africa', regionName: '非洲', clients: 12, reports: 40 },
    ])
    // report: the hot reports (the legacy home block); market: the newest articles.
    expect(data.report.map((r: any) => r.id)).toEqual([String(hot.id)])
    expect(data.report[0]).toMatchObject({ title: '热门报告', webTitle: 'map-hot', lang: 'zh-CN' })
    expect(Array.isArray(data.market)).toBe(true)
  })

  it('names the regions in English for en-US', async () => {
    const { data } = body(await t.app.inject({ url: '/basedata/home/mapData?lang=en-US' }))
    expect(data.regions.map((r: any) => r.regionName)).toEqual(['Asia', 'Europe', 'Africa'])
  })

  it('ignores unknown parameters', async () => {
    const res = await t.app.inject({ url: '/basedata/home/mapData?lang=zh-CN&region=asia' })
    expect(res.statusCode).toBe(200)
    expect(body(res).code).toBe(200)
  })
})
