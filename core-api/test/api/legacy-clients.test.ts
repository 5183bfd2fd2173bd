import { afterAll, beforeAll, expect, it } from 'vitest'
import { body, buildTestApp, type TestApp } from '../helpers/build-app.ts'
import { createConfigs, createDict, createNews, createReport } from '../helpers/factories.ts'

// What earlier clients of the contract send and read (see
// fixtures/contract/legacy/ for the recorded exchanges of one): unknown
// fields ignored and counted, outcomes with HTTP 200, their field names and
// their calls.
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
  await createDict(t.app, 'reports_category', [['energy', '能源']])
})
afterAll(() => t?.close())

it('ignores fields a call does not take, counts them, and still refuses a known field of the wrong kind', async () => {
  const echoed = await t.app.inject({
    method: 'POST',
    url: '/report/researchReport/pageList',
    payload: { pageNo: 1, pageSize: 10, lang: 'zh-CN', colour: 'red', createDate: '2026-01-01' },
  })
  expect(echoed.statusCode).toBe(200)
  expect(body(echoed).code).toBe(200)
  const busted = await t.app.inject({ url: '/basedata/carousel/listData?lang=zh-CN&_=1732500000000' })
  expect(body(busted).code).toBe(200)
  const metrics = (await t.app.inject({ url: '/metrics' })).body
  expect(metrics).toMatch(/core_unknown_fields_total\{route="\/report\/researchReport\/pageList",location="body"\} 2/)
  expect(metrics).toMatch(/core_unknown_fields_total\{route="\/basedata\/carousel\/listData",location="query"\} 1/)

  const wrong = await t.app.inject({ method: 'POST', url: '/report/researchReport/pageList', payload: { pageNo: 'first', lang: 'en-US' } })
  expect(wrong.statusCode).toBe(200)
  expect(body(wrong)).toEqual({ code: 100001, msg: 'Parameter pageNo must be of type integer', data: null })
  // Outcomes are counted by their code.
  expect((await t.app.inject({ url: '/metrics' })).body).toMatch(
    /core_http_outcomes_total\{method="POST",route="\/report\/researchReport\/pageList",status="200",code="100001"\} 1/,
  )
})

it('answers the names earlier clients read, and their calls', async () => {
  const report = await createReport(t.app, {
    title: '储能报告',
    webTitle: 'legacy-storage',
    context: '<p>正文</p>',
    directory: '<p>目录</p>',
    reportScope: '<p>范围</p>',
  })
  const form = body(await t.app.inject({ url: `/report/researchReport/form?id=${report.id}&lang=zh-CN` })).data
  expect([form.contextHtml, form.directoryHtml, form.reportScopeHtml]).toEqual([form.context, form.directory, form.reportScope])
  expect(form.directoryHtml).toContain('目录')

  const first = await createNews(t.app, { title: '旧闻', webTitle: 'older', publishDate: '2026-01-01 08:00:00' })
  const second = await createNews(t.app, { title: '新闻', webTitle: 'newer', publishDate: '2026-02-01 08:00:00' })
  const detail = body(await t.app.inject({ url: `/report/marketInfo/detailList?id=${second.id}&lang=zh-CN` })).data
  expect(detail.vo).toMatchObject({ id: String(second.id), title: '新闻' })
  expect(detail.last).toMatchObject({ id: String(first.id), webTitle: 'older' })
  expect(detail.next).toBeNull()

  const six = body(await t.app.inject({ url: '/report/marketInfo/marketInfoTopSixList?lang=zh-CN' })).data
  expect(six.map((n: { webTitle: string }) => n.webTitle)).toEqual(['newer', 'older'])
  const types = body(await t.app.inject({ method: 'POST', url: '/report/researchReport/marketTypeList', payload: { lang: 'zh-CN' } })).data
  expect(types).toEqual(
    body(await t.app.inject({ method: 'POST', url: '/report/researchReport/categoryList', payload: { lang: 'zh-CN' } })).data,
  )

  await createConfigs(t.app, { 'cn.china.data.single.price': 9800 })
  const config = body(await t.app.inject({ url: '/basedata/config/form?configKey=cn.china.data.single.price' }))
  expect(config.data).toEqual({ configKey: 'cn.china.data.single.price', configValue: '9800', configName: 'cn.china.data.single.price' })
  expect(body(await t.app.inject({ url: '/basedata/config/form?configKey=no.such.key' }))).toMatchObject({ code: 200, data: null })

  const slides = body(await t.app.inject({ url: '/basedata/carousel/listData?lang=zh-CN' })).data
  for (const slide of slides) expect(slide).toMatchObject({ name: expect.any(String), desc: expect.any(String) })
})
