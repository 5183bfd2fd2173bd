import type { StaffImport } from '@rpt/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { syntheticCsv } from '../../../src/modules/publishing/imports/synthetic.ts'
import { registerUser } from '../../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { createConfigs, createDict, createReport } from '../../helpers/factories.ts'
import { multipart } from '../publishing/imports/fixtures.ts'
import { authed } from '../../helpers/orders.ts'
import { editionInput, staffCaller, type Call } from '../../helpers/staff-reports.ts'

// A licence whose price the staff leave empty (in the console or the import)
// is not sold: no cell on the public page, no order. A legacy row's empty
// price still means the configured default.
let t: TestApp
let editor: Call
let editorToken: string

beforeAll(async () => {
  t = await buildTestApp()
  await createDict(t.app, 'reports_category', [['energy', '能源']])
  await createDict(t.app, 'reports_category_en', [['energy', 'Energy']])
  await createConfigs(t.app, {
    'cn.china.data.single.price': 6800,
    'cn.china.data.multi.price': 8800,
    'cn.china.data.enterprise.price': 12800,
    'cn.china.full.single.price': 9800,
    'cn.china.full.multi.price': 12800,
    'cn.china.full.enterprise.price': 16800,
  })
  const staff = await staffCaller(t.app, 'editor')
  editor = staff.call
  editorToken = staff.token
})
afterAll(() => t?.close())

const RESEARCH = '/report/websiteUserResearchOrder'
const publicForm = (query: string) => t.app.inject({ url: `/report/researchReport/form?lang=zh-CN&${query}` }).then(body)
const publicList = (keyword: string) =>
  t.app
    .inject({ method: 'POST', url: '/report/researchReport/pageList', payload: { lang: 'zh-CN', pageNo: 1, pageSize: 50, keyword } })
    .then(body)
const licences = (prices: { edition: string; licence: string; price: number }[]) => [...new Set(prices.map((cell) => cell.licence))]

async function orderOf(reportId: string, licence: string, lang = 'zh-CN') {
  const user = await registerUser(t.app)
  return body(await authed(t.app, user.token).post(`${RESEARCH}/save`, { reportId, edition: 'standard', licence, lang }))
}

describe('a licence left unsold', () => {
  it('saved through the console without an enterprise price: no enterprise cell, no order, null read back', async () => {
    const word = `unsold${Date.now().toString(36)}`
    const created = await editor('POST', '/staff/reports', {
      lang: 'en-US',
      editions: {
        'zh-CN': editionInput('zh-CN', { title: `储能 ${word}`, prices: { single: 7800, multi: 9800, enterprise: null } }),
      },
    })
    expect(created.code).toBe(200)
    expect(created.data.editions['zh-CN'].prices).toEqual({ single: 7800, multi: 9800, enterprise: null })
    await editor('POST', `/staff/reports/${created.data.code}/publish`, { version: created.data.version })
    const id = created.data.editions['zh-CN'].id as string

    const detail = await publicForm(`id=${id}`)
    expect(detail.code).toBe(200)
    expect(licences(detail.data.prices)).toEqual(['single', 'multi'])
    expect(detail.data).not.toHaveProperty('unsoldLicences')
    expect(detail.data.enterprisePrice).toBeNull()
    const listed = (await publicList(word)).data.pageList.list
    expect(listed.map((r: any) => [r.id, r.price, r.multiPrice, r.enterprisePrice])).toEqual([[id, 7800, 9800, null]])
    expect((await editor('GET', `/staff/reports/${created.data.code}`)).data.editions['zh-CN'].prices.enterprise).toBeNull()

    expect(await orderOf(id, 'enterprise')).toMatchObject({ code: 100005, msg: '研究报告为空', data: null })
    expect((await orderOf(id, 'multi')).data).toMatchObject({ payPrice: 9800, licence: 'multi' })

    // A price given again sells the licence again.
    const stored = (await editor('GET', `/staff/reports/${created.data.code}`)).data
    const resold = await editor('PUT', `/staff/reports/${created.data.code}`, {
      version: stored.version,
      editions: { 'zh-CN': { ...editionInput('zh-CN', { title: `储能 ${word}` }), slug: stored.editions['zh-CN'].slug } },
    })
    expect(resold.code).toBe(200)
    expect(licences((await publicForm(`id=${id}`)).data.prices)).toEqual(['single', 'multi', 'enterprise'])
    expect((await orderOf(id, 'enterprise')).data).toMatchObject({ payPrice: 12800, licence: 'enterprise' })
  })

  it('keeps the configured defaults for a legacy row without its own prices', async () => {
    const report = await createReport(t.app, { price: 7800, multiPrice: null, enterprisePrice: null, reportRegion: '0' })
    const { data } = await publicForm(`id=${report.id}`)
    expect(data.prices).toEqual([
      { edition: 'standard', licence: 'single', price: 7800 },
      { edition: 'professional', licence: 'single', price: 11200 },
      { edition: 'standard', licence: 'multi', price: 8800 },
      { edition: 'professional', licence: 'multi', price: 12800 },
      { edition: 'standard', licence: 'enterprise', price: 12800 },
      { edition: 'professional', licence: 'enterprise', price: 16800 },
    ])
    expect((await orderOf(String(report.id), 'enterprise')).data).toMatchObject({ payPrice: 12800, licence: 'enterprise' })
  })

  it('imported with an empty zh.price.enterprise column: the same as the console', async () => {
    const csv = syntheticCsv({ rows: 1, category: 'energy', prefix: 'unsold' })
    expect(csv).toContain('unsold-zh-000001')
    const { payload, headers } = await multipart({ file: { name: 'reports.csv', data: Buffer.from(csv) } })
    const started = body<StaffImport>(
      await t.app.inject({
        method: 'POST',
        url: '/staff/imports?lang=en-US',
        payload,
        headers: { ...headers, authorization: `Bearer ${editorToken}` },
      }),
    )
    expect(started.data).toMatchObject({ status: 'ready', dryRun: false, errors: [] })
    const deadline = Date.now() + 60_000
    let run = started.data
    while (run.status !== 'done' && run.status !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      run = body<StaffImport>(
        await t.app.inject({
          method: 'GET',
          url: `/staff/imports/${started.data.id}?lang=en-US`,
          headers: { authorization: `Bearer ${editorToken}` },
        }),
      ).data
    }
    expect(run).toMatchObject({ status: 'done', created: 1 })

    const detail = await publicForm('webTitle=unsold-zh-000001')
    expect(detail.code).toBe(200)
    expect(licences(detail.data.prices)).toEqual(['single', 'multi'])
    const code = detail.data.reportCode as string
    expect((await editor('GET', `/staff/reports/${code}`)).data.editions['zh-CN'].prices).toEqual({
      single: 9800,
      multi: 12800,
      enterprise: null,
    })
    expect(await orderOf(detail.data.id, 'enterprise')).toMatchObject({ code: 100005, data: null })
    expect((await orderOf(detail.data.id, 'single')).data).toMatchObject({ payPrice: 9800 })
  })
})
