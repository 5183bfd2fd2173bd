import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ConfigOverrides } from '../../../src/platform/config.ts'
import { priceBand, PRICE_LIMITS, PRICE_OVER_VALUE } from '../../../src/platform/lib/pricing.ts'
import { addKeywordCondition, Conditions } from '../../../src/platform/lib/sql.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { createDict, createReport } from '../../helpers/factories.ts'

// Every query shape of the search benchmark (bench/search-shapes.ts) through
// the real route, against a reference: the plain SQL the list ran before
// answers were kept and deep pages read from the index's other end (one
// statement per part, straight over research_report). Each shape is asked
// cold, again from what the API kept, and again after the catalogue
// changes, so no cache or shortcut can change a row, its order, a count or
// a facet. Twice: as configured (only the plain list counted on write), and
// with every keyword that matches anything counted on write after its first
// search, so that its lists are summed from the kept counts and walked
// along the order index (src/modules/search/plans/counted-page.ts).

let t: TestApp

const ZH_WORDS = [
  '中国储能锂电行业报告',
  '新能源汽车动力电池市场',
  '光伏玻璃行业分析',
  '电动车充电桩调研',
  '医药行业 100% 覆盖',
  '化工新材料. 市场_规模',
  '中国报告，行业',
]
const EN_WORDS = [
  'Battery market outlook',
  'Global solar market, 100%',
  'EV charging. Market_size',
  'Chemicals report',
  'Energy storage battery market',
]
const PRICES = [5000, 8000, 9000, 12000, 13000, 15000, 15001, 20000, null]

async function buildCatalogue(overrides: ConfigOverrides) {
  t = await buildTestApp(overrides)
  await createDict(t.app, 'reports_category', [
    ['energy', '能源'],
    ['chemicals', '化工'],
    ['auto', '汽车'],
  ])
  await createDict(t.app, 'reports_category_en', [
    ['energy', 'Energy'],
    ['chemicals', 'Chemicals'],
    ['auto', 'Auto'],
  ])
  const types = ['energy', 'chemicals', 'auto']
  for (let i = 0; i < 90; i++) {
    const zh = i % 2 === 0
    const words = zh ? ZH_WORDS : EN_WORDS
    await createReport(t.app, {
      lang: zh ? 'zh-CN' : 'en-US',
      title: `${words[i % words.length]} ${i}`,
      outline: i % 5 === 0 ? (zh ? '摘要：储能与锂电' : 'Summary: storage and battery') : '',
      webTitle: `shape-${i}`,
      reportCode: `SHAPE-${i}`,
      marketType: types[i % types.length]!,
      reportRegion: i % 4 === 0 ? '1' : '0',
      price: PRICES[i % PRICES.length]!,
      // Several reports share a date, so the id decides their order.
      publishDate: `${2021 + (i % 5)}-0${1 + (i % 3)}-1${i % 2}`,
      status: i % 17 === 0 ? '1' : '0',
    })
  }
}

interface Shape {
  lang?: 'zh-CN' | 'en-US'
  keyword?: string
  queryKeyword?: string
  marketType?: string
  reportRegion?: string
  queryPrice?: number
  priceStr?: number
  priceEnd?: number
  queryPublishDate?: string
  publishDateStr?: string
  publishDateEnd?: string
  sort?: 'latest' | 'price-asc' | 'price-desc'
  pageNo: number
  pageSize: number
}

const ORDER = {
  latest: 'r.publish_date DESC, r.id DESC',
  'price-asc': 'r.price ASC NULLS LAST, r.publish_date DESC, r.id DESC',
  'price-desc': 'r.price DESC NULLS LAST, r.publish_date DESC, r.id DESC',
}

type FilterName = 'marketType' | 'price' | 'publishDate'

/** The reference conditions: straight over research_report, leaving out one filter for its facet. */
function where(shape: Shape, without?: FilterName): Conditions {
  const c = new Conditions().add('r.lang = ?', shape.lang ?? 'zh-CN').add(`r.status = '0'`)
  addKeywordCondition(c, shape.keyword ?? shape.queryKeyword, 'r')
  if (shape.marketType && without !== 'marketType') c.add('r.market_type = ?', shape.marketType)
  if (shape.reportRegion) c.add('r.report_region = ?', shape.reportRegion)
  if (without !== 'price') {
    if (shape.queryPrice !== undefined) {
      const band = priceBand(shape.queryPrice)
      c.add(band.kind === 'over' ? 'r.price > ?' : 'r.price <= ?', band.limit)
    }
    if (shape.priceStr !== undefined) c.add('r.price >= ?', shape.priceStr)
    if (shape.priceEnd !== undefined) c.add('r.price <= ?', shape.priceEnd)
  }
  if (without !== 'publishDate') {
    if (shape.queryPublishDate) {
      const year = Number(shape.queryPublishDate)
      c.add('r.publish_date >= ?::date AND r.publish_date < ?::date', `${year}-01-01`, `${year + 1}-01-01`)
    }
    if (shape.publishDateStr) c.add('r.publish_date >= ?::date', shape.publishDateStr)
    if (shape.publishDateEnd) c.add('r.publish_date <= ?::date', shape.publishDateEnd)
  }
  return c
}

async function sql<T extends object>(text: string, bind: unknown[]): Promise<T[]> {
  return t.app.db.sequelize.query<T>(text, { bind, type: QueryTypes.SELECT })
}

/** What the list answered before this work: ids of the page, count, and the three facets. */
async function reference(shape: Shape) {
  const page = where(shape)
  const limit = page.bind(shape.pageSize)
  const offset = page.bind((shape.pageNo - 1) * shape.pageSize)
  const ids = await sql<{ id: string }>(
    `SELECT r.id::text AS id FROM research_report r ${page.where} ORDER BY ${ORDER[shape.sort ?? 'latest']} LIMIT ${limit} OFFSET ${offset}`,
    page.params,
  )
  const all = where(shape)
  const [count] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM research_report r ${all.where}`, all.params)
  const byType = where(shape, 'marketType')
  const types = await sql<{ marketType: string; n: number }>(
    `SELECT r.market_type AS "marketType", count(*)::int AS n FROM research_report r ${byType.where} GROUP BY 1`,
    byType.params,
  )
  const byPrice = where(shape, 'price')
  const prices = []
  for (const value of [...PRICE_LIMITS, PRICE_OVER_VALUE]) {
    const c = byPrice.clone()
    const band = priceBand(value)
    c.add(band.kind === 'over' ? 'r.price > ?' : 'r.price <= ?', band.limit)
    const [row] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM research_report r ${c.where}`, c.params)
    prices.push({ price: value, marketCount: row!.n })
  }
  const byYear = where(shape, 'publishDate')
  const years = await sql<{ publishDateValue: string; marketCount: number }>(
    `SELECT to_char(r.publish_date, 'YYYY') AS "publishDateValue", count(*)::int AS "marketCount" FROM research_report r ${byYear.where} GROUP BY 1 ORDER BY 1 DESC`,
    byYear.params,
  )
  return {
    ids: ids.map((row) => row.id),
    count: count!.n,
    categories: ['energy', 'chemicals', 'auto'].map((value) => ({
      marketType: value,
      marketCount: types.find((row) => row.marketType === value)?.n ?? 0,
    })),
    prices,
    publishDates: years,
  }
}

async function answer(shape: Shape) {
  const response = await t.app.inject({ method: 'POST', url: '/report/researchReport/pageList', payload: { lang: 'zh-CN', ...shape } })
  const { code, data } = body(response)
  expect(code).toBe(200)
  return {
    ids: data.pageList.list.map((row: { id: string }) => row.id),
    count: data.pageList.count,
    categories: data.categories.map((c: { marketType: string; marketCount: number }) => ({
      marketType: c.marketType,
      marketCount: c.marketCount,
    })),
    prices: data.prices.map((p: { price: number; marketCount: number }) => ({ price: p.price, marketCount: p.marketCount })),
    publishDates: data.publishDates.map((y: { publishDateValue: string; marketCount: number }) => ({
      publishDateValue: y.publishDateValue,
      marketCount: y.marketCount,
    })),
  }
}

const every = { marketType: 'energy', reportRegion: '0', queryPrice: 12000, queryPublishDate: '2023' }

/** The benchmark's shapes, at this catalogue's scale: pages of 4 (first, second, middle, last, past the end) and of 100. */
function shapes(): Shape[] {
  const list: Shape[] = []
  const pages = (base: Omit<Shape, 'pageNo' | 'pageSize'>) => {
    for (const pageNo of [1, 2, 5, 8, 11, 12, 40]) list.push({ ...base, pageNo, pageSize: 4 })
    for (const pageNo of [1, 2]) list.push({ ...base, pageNo, pageSize: 100 })
  }
  for (const sort of [undefined, 'latest', 'price-asc', 'price-desc'] as const) {
    pages({ sort })
    pages({ sort, lang: 'en-US' })
    pages({ sort, keyword: '中国' })
    pages({ sort, keyword: '行业' })
    pages({ sort, keyword: '%' })
    pages({ sort, lang: 'en-US', keyword: 'market' })
  }
  for (const keyword of [
    '车',
    '锂电',
    '储能锂电',
    '新能源汽车动力电池',
    '新能源汽车动力电池市场',
    '量子引力波',
    '.',
    '_',
    '，',
    '%%',
    '100%',
    '报告',
    ' 中国 ',
    'MARKET',
  ])
    pages({ keyword })
  for (const keyword of ['battery', 'zyxwvut', 'e', '-', '.', '%', '100%', 'market_size']) pages({ lang: 'en-US', keyword })
  pages({ queryKeyword: '中国' })
  for (const sort of ['latest', 'price-asc', 'price-desc'] as const) {
    pages({ ...every, sort })
    pages({ ...every, sort, keyword: '中国' })
    pages({ ...every, sort, keyword: '锂电' })
    pages({ ...every, sort, keyword: '%' })
    pages({ ...every, sort, lang: 'en-US', keyword: 'market', reportRegion: '1', queryPrice: 15001 })
    pages({ sort, keyword: '锂电', priceStr: 5000, priceEnd: 14000, publishDateStr: '2022-01-01', publishDateEnd: '2024-12-31' })
    pages({ sort, queryPrice: 8000 })
    // A price that is no band's limit cuts through the kept counts' bands.
    pages({ sort, keyword: '中国', queryPrice: 9000 })
    pages({ sort, marketType: 'auto', queryPublishDate: '2025' })
  }
  return list
}

const check = async () => {
  for (const shape of shapes()) {
    const expected = await reference(shape)
    expect.soft(await answer(shape), JSON.stringify(shape)).toEqual(expected)
  }
}

describe.each([
  { name: 'as configured', overrides: {} },
  { name: 'with every keyword counted on write', overrides: { SEARCH_COUNTED_MATCHES: 1 } },
])('report search $name', ({ overrides }) => {
  beforeAll(() => buildCatalogue(overrides))
  afterAll(async () => {
    await t?.close()
  })

  it('answers every shape as the plain queries do: cold, from what it kept, and after the catalogue changes', async () => {
    await check()
    await t.app.reportSearch.settled()
    // Now from the kept answers and counts.
    await check()
    // A new report that matches the broad shapes, and one hidden: every kept answer is of an older version now.
    await createReport(t.app, {
      title: '中国行业报告 新增 100%',
      webTitle: 'shape-new',
      reportCode: 'SHAPE-NEW',
      marketType: 'energy',
      price: 9000,
      publishDate: '2023-02-10',
    })
    // An id past 2^32: kept answers then hold doubles instead of 4-byte ids, and must still answer alike.
    await createReport(t.app, {
      id: '5000000001',
      title: '中国行业报告 100% 大编号',
      webTitle: 'shape-big-id',
      reportCode: 'SHAPE-BIG',
      marketType: 'auto',
      price: 13000,
      publishDate: '2024-03-11',
    })
    await t.app.db.sequelize.query(`UPDATE research_report SET status = '1' WHERE report_code = 'SHAPE-2'`)
    // Moved to another category, band, year and region, retitled, and one deleted: each leaves its old buckets and joins new ones.
    await t.app.db.sequelize.query(
      `UPDATE research_report SET market_type = 'chemicals', price = 16000, publish_date = '2022-05-05', report_region = '1', title = '行业报告 改' WHERE report_code = 'SHAPE-4'`,
    )
    await t.app.db.sequelize.query(`DELETE FROM research_report WHERE report_code = 'SHAPE-6'`)
    await check()
  }, 300_000)

  it('answers alike once the kept count rows are folded together', async () => {
    await t.app.reportSearch.compactKeywordCounts()
    const [rows] = await t.app.db.sequelize.query<{ rows: number; buckets: number }>(
      `SELECT count(*)::int AS rows, count(DISTINCT (lang, keyword, market_type, report_region, band, year))::int AS buckets FROM research_report_keyword_count`,
      { type: QueryTypes.SELECT },
    )
    expect(rows!.rows).toBe(rows!.buckets)
    await check()
  }, 300_000)

  it.runIf('SEARCH_COUNTED_MATCHES' in overrides)(
    'answers a counted keyword from its counts and a walk, not by reading its matches',
    async () => {
      const counted = await t.app.db.sequelize.query<{ keyword: string }>(
        `SELECT keyword FROM research_report_keyword WHERE lang = 'zh-CN' ORDER BY keyword`,
        { type: QueryTypes.SELECT },
      )
      expect(counted.map((row) => row.keyword)).toEqual(expect.arrayContaining(['', '中国', '行业', '%', '锂电', '储能锂电']))
      // A new version: nothing is kept for it yet.
      await createReport(t.app, {
        title: '中国储能锂电 新版本',
        webTitle: 'shape-version',
        reportCode: 'SHAPE-VERSION',
        publishDate: '2022-02-02',
      })
      const reads = vi.spyOn((t.app.reportSearch as unknown as { keyword: { matches: () => unknown } }).keyword, 'matches')
      try {
        for (const shape of [
          { keyword: '中国', pageNo: 2, pageSize: 4 },
          { keyword: '锂电', ...every, sort: 'price-desc' as const, pageNo: 1, pageSize: 4 },
          { keyword: '%', pageNo: 6, pageSize: 4 },
        ]) {
          expect(await answer(shape)).toEqual(await reference(shape))
        }
        expect(reads).not.toHaveBeenCalled()
        // A free price range cuts through the counts' bands: the matches are read.
        const ranged = { keyword: '中国', priceStr: 5000, priceEnd: 14000, pageNo: 1, pageSize: 4 }
        expect(await answer(ranged)).toEqual(await reference(ranged))
        expect(reads).toHaveBeenCalledTimes(1)
      } finally {
        reads.mockRestore()
      }
    },
  )

  it.runIf('SEARCH_COUNTED_MATCHES' in overrides)(
    'answers a keyword counted by its first search from its counts in that same catalogue version',
    async () => {
      // 光伏 is in no shape above: its first search reads its matches and counts it.
      const first = { keyword: '光伏', pageNo: 1, pageSize: 4 }
      expect(await answer(first)).toEqual(await reference(first))
      await t.app.reportSearch.settled()
      const reads = vi.spyOn((t.app.reportSearch as unknown as { keyword: { matches: () => unknown } }).keyword, 'matches')
      try {
        for (const shape of [
          { ...first, sort: 'price-asc' as const },
          { ...first, sort: 'price-desc' as const, pageNo: 2 },
          { ...first, marketType: 'chemicals' },
        ]) {
          expect(await answer(shape)).toEqual(await reference(shape))
        }
        expect(reads).not.toHaveBeenCalled()
      } finally {
        reads.mockRestore()
      }
    },
  )

  it('answers the same page of a kept keyword answer to every order and page size', async () => {
    const first = await answer({ keyword: '中国', pageNo: 1, pageSize: 100 })
    const paged = []
    for (let pageNo = 1; pageNo <= Math.ceil(first.count / 7); pageNo++)
      paged.push(...(await answer({ keyword: '中国', pageNo, pageSize: 7 })).ids)
    expect(paged).toEqual(first.ids)
  })
})

it('answers the busy envelope when more searches wait than the cap lets through in time', async () => {
  const capped = await buildTestApp({ SEARCH_CONCURRENCY: 1, SEARCH_QUEUE_MS: 0 })
  try {
    await createReport(capped.app, { title: '中国储能报告' })
    const keywords = ['中国', '储能', '报告', '中', '国', '储', '能', '报', '告', '国储']
    const responses = await Promise.all(
      keywords.map((keyword) =>
        capped.app.inject({
          method: 'POST',
          url: '/report/researchReport/pageList',
          payload: { lang: 'zh-CN', keyword, pageNo: 1, pageSize: 10 },
        }),
      ),
    )
    const busy = responses.filter((response) => response.statusCode === 429)
    expect(busy.length).toBeGreaterThan(0)
    expect(body(busy[0]!)).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试', data: null })
    // Nothing kept from a refused search: asked again, it is answered.
    const again = body(
      await capped.app.inject({
        method: 'POST',
        url: '/report/researchReport/pageList',
        payload: { lang: 'zh-CN', keyword: busy.length ? keywords[responses.indexOf(busy[0]!)] : '中国', pageNo: 1, pageSize: 10 },
      }),
    )
    expect(again.code).toBe(200)
    expect(again.data.pageList.count).toBe(1)
  } finally {
    await capped.close()
  }
})
