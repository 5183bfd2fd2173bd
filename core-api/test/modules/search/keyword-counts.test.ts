import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bucketFacetRows, bucketFilters, bucketTotal, type CountBucket } from '../../../src/modules/search/keyword-counts.ts'
import { PRICE_LIMITS, PRICE_OVER_VALUE } from '../../../src/platform/lib/pricing.ts'
import { addKeywordCondition, Conditions } from '../../../src/platform/lib/sql.ts'
import { addKeywordSubstringCondition } from '../../../src/modules/search/list-query.ts'
import { buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { createReport } from '../../helpers/factories.ts'

// The kept keyword counts (migration report-keyword-counts): their SQL
// functions against what the list queries test, and the pure functions
// that read them against the facet SQL's rules. The lists answered from
// them are checked shape by shape in test/routes/report-search-shapes.

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const select = <T extends object>(sql: string, bind: unknown[] = []) => t.app.db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT })

it("puts a price in the facets' band: PRICE_LIMITS and rpt_price_band agree at every edge", async () => {
  const prices = [null, 0, 1, ...PRICE_LIMITS.flatMap((limit) => [limit - 0.01, limit, limit + 0.01]), PRICE_OVER_VALUE, 1_000_000]
  for (const price of prices) {
    const [row] = await select<{ band: number | null }>(`SELECT rpt_price_band($1::numeric) AS band`, [price])
    const expected =
      price === null
        ? null
        : PRICE_LIMITS.findIndex((limit) => price <= limit) === -1
          ? PRICE_LIMITS.length
          : PRICE_LIMITS.findIndex((limit) => price <= limit)
    expect(row!.band, String(price)).toBe(expected)
  }
})

it('matches a keyword as the search does: the trigger, the walk and the search condition agree', async () => {
  const texts = [
    '中国储能锂电 行业报告',
    'battery market 100% covered',
    'a_b.c，d',
    'x\u0085y tail',
    'ab\u3000cd',
    'tab\there',
    'nbsp\u00a0here',
    '',
  ]
  const keywords = [
    '中',
    '中国',
    '锂电池',
    '储能锂电',
    'market',
    '%',
    '100%',
    '_',
    '.',
    '，',
    'x\u0085',
    '\u0085y',
    'b\u3000',
    'b',
    'ab',
    'zz',
    'h',
    'p\u00a0',
    'tab\the',
  ]
  for (const text of texts) {
    for (const keyword of keywords) {
      const search = new Conditions([text, text])
      addKeywordCondition(search, keyword, 'r')
      const walk = new Conditions([text, text])
      addKeywordSubstringCondition(walk, keyword, 'r')
      const from = `(SELECT $1::text AS search_text, rpt_search_grams($2::text) AS search_grams) r`
      const matched = async (c: Conditions) =>
        (await select<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${from} ${c.where}) AS found`, c.params))[0]!.found
      const [trigger] = await select<{ found: boolean }>(`SELECT rpt_keyword_matches($1, $2) AS found`, [
        keyword.trim().toLowerCase(),
        text,
      ])
      const row = { search: await matched(search), walk: await matched(walk), trigger: trigger!.found }
      const context = JSON.stringify({ text, keyword })
      expect(row.walk, context).toBe(row.search)
      expect(row.trigger, context).toBe(row.search)
    }
  }
})

it('counts the plain list from the start, forgets every count when the table is emptied, and keeps counting after', async () => {
  await createReport(t.app, { title: '计数报告', price: 9000, publishDate: '2024-06-01' })
  const total = async () =>
    (
      await select<{ n: number }>(
        `SELECT coalesce(sum(n), 0)::int AS n FROM research_report_keyword_count WHERE lang = 'zh-CN' AND keyword = ''`,
      )
    )[0]!.n
  const reports = async () =>
    (await select<{ n: number }>(`SELECT count(*)::int AS n FROM research_report_search WHERE lang = 'zh-CN' AND status = '0'`))[0]!.n
  expect(await total()).toBe(await reports())
  await t.app.db.sequelize.query(`TRUNCATE research_report CASCADE`)
  expect(await total()).toBe(0)
  await createReport(t.app, { title: '计数报告 二' })
  expect(await total()).toBe(1)
  // The languages' plain lists stay counted: the keyword rows are not the counts'.
  expect(
    (await select<{ keyword: string }>(`SELECT lang || '|' || keyword AS keyword FROM research_report_keyword ORDER BY 1`)).map(
      (row) => row.keyword,
    ),
  ).toEqual(['en-US|', 'zh-CN|'])
})

it('reads only the filters the buckets can answer', () => {
  expect(bucketFilters({})).toEqual({})
  expect(bucketFilters({ marketType: 'energy', reportRegion: '1', price: 12000, publishDate: '2023' })).toEqual({
    marketType: 'energy',
    reportRegion: '1',
    bands: [0, 1],
    year: '2023',
  })
  expect(bucketFilters({ price: PRICE_OVER_VALUE })).toEqual({ bands: [PRICE_LIMITS.length, PRICE_LIMITS.length] })
  expect(bucketFilters({ publishDate: '2023-05-01' })).toEqual({ year: '2023' })
  // Cut through a band or a year, or a year the buckets write otherwise (zero-padded): the matches are read instead.
  for (const query of [
    { price: 9000 },
    { priceStr: 1 },
    { priceEnd: 2 },
    { publishDateStr: '2020-01-01' },
    { publishDateEnd: '2020-01-01' },
    { publishDate: '0999' },
    { publishDate: 'abcd' },
  ]) {
    expect(bucketFilters(query), JSON.stringify(query)).toBeUndefined()
  }
})

it('sums each facet with the other filters applied, and the region as the database compares char(1)', () => {
  const buckets: CountBucket[] = [
    { marketType: 'energy', reportRegion: '0', band: 0, year: '2023', n: 3 },
    { marketType: 'energy', reportRegion: '1', band: 1, year: '2024', n: 5 },
    { marketType: 'auto', reportRegion: '0', band: null, year: '2023', n: 7 },
    { marketType: 'auto', reportRegion: '0', band: 3, year: '2024', n: 11 },
  ]
  const filters = { marketType: 'energy', reportRegion: '0 ', bands: [0, 1] as const, year: '2023' }
  expect(bucketFacetRows(buckets, filters)).toEqual([
    { marketType: 'energy', band: 0, year: '2023', byCategory: 3, byBand: 3, byYear: 3, total: 3 },
    { marketType: 'auto', band: null, year: '2023', byCategory: 0, byBand: 0, byYear: 0, total: 0 },
    { marketType: 'auto', band: 3, year: '2024', byCategory: 0, byBand: 0, byYear: 0, total: 0 },
  ])
  expect(bucketTotal(buckets, {})).toBe(26)
  expect(bucketTotal(buckets, { bands: [0, 3] })).toBe(19)
})
