import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { createSearch, type ListQuery, type Search } from '../../../src/modules/search/index.ts'
import { DEFAULT_SEARCH_SETTINGS } from '../../../src/modules/search/settings.ts'
import { buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { createReport } from '../../helpers/factories.ts'

// The module through its interface, on the real database: a list query in,
// a page out; kept answers follow the catalogue version; its settings are
// the ones it is given.

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
  for (let i = 0; i < 12; i++) {
    await createReport(t.app, {
      title: i % 2 === 0 ? `储能锂电报告 ${i}` : `光伏玻璃报告 ${i}`,
      webTitle: `module-${i}`,
      reportCode: `MODULE-${i}`,
      marketType: i % 3 === 0 ? 'chemicals' : 'energy',
      price: 5000 + i * 1000,
      publishDate: `${2020 + (i % 4)}-05-0${1 + (i % 9)}`,
    })
  }
}, 120_000)

afterAll(async () => {
  await t?.close()
})

/** Every list from the database, as a list right after a write is compared with it (recent-pages.test.ts: the busy path). */
const exact = { ...DEFAULT_SEARCH_SETTINGS, staleMs: 0 }
const query = (q: Partial<ListQuery>): ListQuery => ({ lang: 'zh-CN', pageNo: 1, pageSize: 5, ...q })
const readsOf = (search: Search) => vi.spyOn((search as unknown as { keyword: { matches: () => unknown } }).keyword, 'matches')

it('answers a page: its rows in the list order, the total and the facets under its filters', async () => {
  const search = createSearch(t.app.db.sequelize, exact)
  const plain = await search.page(query({ sort: 'price-desc' }))
  expect(plain.facets.total).toBe(12)
  expect(plain.rows.map((row) => row.price)).toEqual([16000, 15000, 14000, 13000, 12000])
  expect(plain.facets.categories).toEqual(
    new Map([
      ['chemicals', 4],
      ['energy', 8],
    ]),
  )
  expect(plain.facets.publishDates.map((year) => year.publishDateValue)).toEqual(['2023', '2022', '2021', '2020'])
  const keyword = await search.page(query({ keyword: ' 锂电 ', marketType: 'energy', pageNo: 2, pageSize: 2 }))
  // 锂电: reports 0, 2, 4, …, 10; of them energy: 2, 4, 8, 10; latest first: 2 (2022-05-03), 10 (2022-05-02), 8 (2020-05-09), 4 (2020-05-05).
  expect(keyword.facets.total).toBe(4)
  expect(keyword.rows.map((row) => row.reportCode)).toEqual(['MODULE-8', 'MODULE-4'])
  expect(keyword.facets.categories.get('chemicals')).toBe(2)
  expect(await search.categoryCounts({ lang: 'zh-CN', keyword: '光伏' })).toEqual(
    new Map([
      ['chemicals', 2],
      ['energy', 4],
    ]),
  )
  // chemicals: reports 0, 3, 6, 9; of them 锂电: 0 (2020) and 6 (2022).
  expect(await search.yearCounts({ lang: 'zh-CN', marketType: 'chemicals', keyword: '锂电' })).toEqual([
    { publishDateValue: '2022', marketCount: 1 },
    { publishDateValue: '2020', marketCount: 1 },
  ])
})

it('reads a keyword answer once per catalogue version, and again after any report is written', async () => {
  const search = createSearch(t.app.db.sequelize, exact)
  const reads = readsOf(search)
  const asked = query({ keyword: '光伏', pageSize: 100 })
  const first = await search.page(asked)
  await search.page({ ...asked, pageSize: 2, pageNo: 2 })
  expect(reads).toHaveBeenCalledTimes(1)
  await createReport(t.app, { title: '光伏 新增', webTitle: 'module-new', reportCode: 'MODULE-NEW', publishDate: '2026-01-01' })
  const after = await search.page(asked)
  expect(reads).toHaveBeenCalledTimes(2)
  expect(after.facets.total).toBe(first.facets.total + 1)
  expect(after.rows[0]!.reportCode).toBe('MODULE-NEW')
})

it('counts a keyword on write once it matched countedMatches reports, and answers it from the counts after', async () => {
  const counted = async () =>
    (
      await t.app.db.sequelize.query<{ keyword: string }>(
        `SELECT keyword FROM research_report_keyword WHERE lang = 'zh-CN' AND keyword <> ''`,
        { type: QueryTypes.SELECT },
      )
    ).map((row) => row.keyword)
  const asDefault = createSearch(t.app.db.sequelize, exact)
  await asDefault.page(query({ keyword: '玻璃' }))
  await asDefault.settled()
  expect(await counted()).toEqual([])
  const eager = createSearch(t.app.db.sequelize, {
    concurrency: 2,
    queueMs: 1000,
    statementTimeoutMs: 10_000,
    countedMatches: 3,
    staleMs: 0,
  })
  const expected = await eager.page(query({ keyword: '玻璃', sort: 'price-asc' }))
  await eager.settled()
  expect(await counted()).toEqual(['玻璃'])
  // A new search (nothing kept) answers another order from the counts and a walk, not by reading every match.
  const fresh = createSearch(t.app.db.sequelize, {
    concurrency: 2,
    queueMs: 1000,
    statementTimeoutMs: 10_000,
    countedMatches: 3,
    staleMs: 0,
  })
  const reads = readsOf(fresh)
  const again = await fresh.page(query({ keyword: '玻璃', sort: 'price-asc' }))
  expect(reads).not.toHaveBeenCalled()
  expect(again).toEqual(expected)
})
