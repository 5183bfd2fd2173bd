import { afterAll, beforeAll, expect, it } from 'vitest'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { createDict, createReport } from '../../helpers/factories.ts'

// A keyword list reads its matches once and makes both the page and the
// facets from them (src/modules/search/plans/keyword-list.ts). Its answers must be those of
// the same filters without a keyword, restricted to the matches.

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
  await createDict(t.app, 'reports_category', [
    ['energy', '能源'],
    ['chemicals', '化工'],
  ])
  const prices = [5000, 9000, 13000, 20000, null]
  for (let i = 0; i < 24; i++) {
    await createReport(t.app, {
      title: i % 3 === 0 ? `储能锂电报告 ${i}` : `光伏玻璃报告 ${i}`,
      webTitle: `kw-${i}`,
      reportCode: `KW-${i}`,
      marketType: i % 2 === 0 ? 'energy' : 'chemicals',
      price: prices[i % prices.length]!,
      publishDate: `${2020 + (i % 6)}-0${1 + (i % 9)}-1${i % 10}`,
    })
  }
})

afterAll(async () => {
  await t?.close()
})

const pageList = async (payload: Record<string, unknown>) =>
  body(await t.app.inject({ method: 'POST', url: '/report/researchReport/pageList', payload: { lang: 'zh-CN', ...payload } })).data

it('pages through the matches in order, without overlap, with the filters applied', async () => {
  const all = await pageList({ keyword: '锂电', pageNo: 1, pageSize: 100 })
  expect(all.pageList.count).toBe(8)
  const dates = all.pageList.list.map((r: { publishDate: string }) => r.publishDate)
  expect(dates).toEqual([...dates].sort().reverse())
  const first = await pageList({ keyword: '锂电', pageNo: 1, pageSize: 3 })
  const second = await pageList({ keyword: '锂电', pageNo: 2, pageSize: 3 })
  const third = await pageList({ keyword: '锂电', pageNo: 3, pageSize: 3 })
  expect([...first.pageList.list, ...second.pageList.list, ...third.pageList.list].map((r: { id: string }) => r.id)).toEqual(
    all.pageList.list.map((r: { id: string }) => r.id),
  )
  expect(third.pageList.list).toHaveLength(2)
  expect((await pageList({ keyword: '锂电', pageNo: 4, pageSize: 3 })).pageList.list).toEqual([])
  expect(typeof first.pageList.list[0].id).toBe('string')

  const cheapEnergy = await pageList({ keyword: '储能锂电', marketType: 'energy', price: 12000, pageNo: 1, pageSize: 100 })
  const expected = all.pageList.list.filter(
    (r: { marketType: string; price: number | null }) => r.marketType === 'energy' && r.price !== null && r.price <= 12000,
  )
  expect(cheapEnergy.pageList.list.map((r: { id: string }) => r.id)).toEqual(expected.map((r: { id: string }) => r.id))
  expect(cheapEnergy.pageList.count).toBe(expected.length)
  // Each facet counts the matches under the other filters.
  const energyOnly = all.pageList.list.filter((r: { marketType: string }) => r.marketType === 'energy')
  const cheapAny = all.pageList.list.filter((r: { price: number | null }) => r.price !== null && r.price <= 12000)
  expect(cheapEnergy.categories.find((c: { marketType: string }) => c.marketType === 'chemicals').marketCount).toBe(
    cheapAny.filter((r: { marketType: string }) => r.marketType === 'chemicals').length,
  )
  expect(cheapEnergy.prices.find((p: { price: number }) => p.price === 12000).marketCount).toBe(expected.length)
  expect(cheapEnergy.prices.find((p: { price: number }) => p.price === 15001).marketCount).toBe(
    energyOnly.filter((r: { price: number | null }) => r.price !== null && r.price > 15000).length,
  )
})

it('orders by price when asked, and answers nothing for a keyword nothing matches', async () => {
  const byPrice = await pageList({ keyword: '锂电', sort: 'price-asc', pageNo: 1, pageSize: 100 })
  const prices = byPrice.pageList.list.map((r: { price: number | null }) => r.price)
  const priced = prices.filter((p: number | null) => p !== null)
  expect(priced).toEqual([...priced].sort((a: number, b: number) => a - b))
  // Reports without a price come last.
  expect(prices.slice(priced.length).every((p: number | null) => p === null)).toBe(true)
  const none = await pageList({ keyword: '没有这个词', pageNo: 1, pageSize: 10 })
  expect(none.pageList).toMatchObject({ list: [], count: 0 })
  expect(none.publishDates).toEqual([])
})

it('counts a report written after the counts were last made (kept counts follow the catalogue version)', async () => {
  const before = await pageList({ pageNo: 1, pageSize: 5 })
  expect(await pageList({ pageNo: 2, pageSize: 5 })).toMatchObject({
    categories: before.categories,
    prices: before.prices,
    publishDates: before.publishDates,
  })
  const energy = before.categories.find((c: { marketType: string }) => c.marketType === 'energy').marketCount
  await createReport(t.app, {
    title: '新增报告',
    webTitle: 'kw-new',
    reportCode: 'KW-NEW',
    marketType: 'energy',
    price: 6000,
    publishDate: '2026-06-01',
  })
  const after = await pageList({ pageNo: 1, pageSize: 5 })
  expect(after.pageList.count).toBe(before.pageList.count + 1)
  expect(after.categories.find((c: { marketType: string }) => c.marketType === 'energy').marketCount).toBe(energy + 1)
  await t.app.db.sequelize.query(`UPDATE research_report SET status = '1' WHERE report_code = 'KW-NEW'`)
  expect((await pageList({ pageNo: 1, pageSize: 5 })).pageList.count).toBe(before.pageList.count)
})
