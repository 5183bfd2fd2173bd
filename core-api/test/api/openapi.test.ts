import { afterAll, beforeAll, expect, it } from 'vitest'
import { ROUTE_LIST } from '@rpt/contract'
import { buildTestApp, type TestApp } from '../helpers/build-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

it('documents every route of the content contract with its envelope', async () => {
  const res = await t.app.inject({ url: '/docs/json' })
  expect(res.statusCode).toBe(200)
  const doc = JSON.parse(res.body)
  const expected: [string, string][] = [
    ['post', '/basedata/dict/listData'],
    ['get', '/basedata/config/findListByKeys'],
    ['get', '/basedata/carousel/listData'],
    ['get', '/basedata/home/mapData'],
    ['post', '/basedata/customerInfo/save'],
    ['post', '/report/researchReport/pageList'],
    ['get', '/report/researchReport/form'],
    ['get', '/report/researchReport/hotReports'],
    ['post', '/report/researchReport/publishDateList'],
    ['post', '/report/researchReport/categoryList'],
    ['post', '/report/researchBriefReport/categoryList'],
    ['post', '/report/researchBriefReport/categoryPage'],
    ['post', '/report/researchBriefReport/pageList'],
    ['get', '/report/researchBriefReport/choicenessReports'],
    ['get', '/report/researchBriefReport/form'],
    ['post', '/report/marketInfo/pageList'],
    ['get', '/report/marketInfo/detailList'],
    ['get', '/report/marketInfo/topList'],
    ['post', '/report/marketInfo/categoryList'],
    ['get', '/health'],
    ['get', '/health/live'],
    ['get', '/health/ready'],
    ['post', '/report/websiteUser/getWuValidCode'],
    ['post', '/report/websiteUser/register'],
    ['post', '/report/websiteUser/login'],
    ['get', '/report/websiteUser/logout'],
    ['get', '/report/websiteUser/getUserInfo'],
    ['post', '/report/websiteUser/updateUser'],
    ['post', '/report/websiteUser/updatePwd'],
    ['post', '/report/websiteUser/forgetPwd'],
    ['post', '/report/websiteUser/resetPwd'],
    ['post', '/report/websiteUserOrder/payOrder'],
    ['post', '/report/websiteUserOrder/orderList'],
    ['post', '/report/websiteUserOrder/cancelOrder'],
    ['post', '/report/websiteUserOrder/downList'],
    ['post', '/report/websiteUserOrder/orderInfo'],
    ['post', '/report/websiteUserResearchOrder/save'],
    ['post', '/report/websiteUserResearchOrder/payOrder'],
    ['post', '/report/websiteUserResearchOrder/orderList'],
    ['post', '/report/websiteUserResearchOrder/cancelOrder'],
    ['post', '/report/websiteUserResearchOrder/updateEmail'],
  ]
  for (const [method, path] of expected) {
    const operation = doc.paths[path]?.[method]
    expect(operation, `${method} ${path}`).toBeDefined()
    const ok = operation.responses['200'].content['application/json'].schema
    expect(Object.keys(ok.properties).sort(), `${method} ${path}`).toEqual(['code', 'data', 'msg'])
    expect(operation.responses['4XX'] ?? operation.responses['4xx'], `${method} ${path} documents its errors`).toBeDefined()
  }
  for (const path of ['/report/websiteUserOrder/downFile', '/report/websiteUserResearchOrder/pay/asyncNotify', '/download/{token}']) {
    expect(doc.paths[path], path).toBeDefined()
  }
  const captcha = doc.paths['/report/websiteUser/getValidCode'].get
  expect(Object.keys(captcha.responses['200'].content)).toEqual(['image/svg+xml'])
  for (const path of ['/report/websiteUser/getUserInfo', '/report/websiteUser/updateUser', '/report/websiteUser/updatePwd']) {
    const operation = doc.paths[path].get ?? doc.paths[path].post
    expect(operation.security, path).toEqual([{ websiteToken: [] }])
  }
})

it("registers every call of the contract's route table, documented as the table says", async () => {
  const doc = JSON.parse((await t.app.inject({ url: '/docs/json' })).body)
  for (const route of ROUTE_LIST) {
    const label = `${route.method} ${route.path}`
    expect(t.app.hasRoute({ method: route.method, url: route.path }), label).toBe(true)
    const operation = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()]
    expect(operation, label).toBeDefined()
    expect(operation.summary, label).toBe(route.summary)
    expect(operation.tags, label).toEqual(route.tags)
    if (route.auth === 'session' || route.auth === 'token') expect(operation.security, label).toEqual([{ websiteToken: [] }])
  }
})
