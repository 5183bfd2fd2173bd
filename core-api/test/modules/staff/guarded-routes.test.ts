import type { RouteOptions } from 'fastify'
import { ROUTE_LIST, STAFF_PERMISSIONS, type RouteSpec } from '@rpt/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isStaffGuard } from '../../../src/platform/http/staff-route.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { staffCaller } from '../../helpers/staff-reports.ts'

// The contract says who may call: every call of the staff API but signing in
// names its permission, and every route the app serves under the staff API
// is guarded by it (serve() adds the guard from the contract's table), so a
// route file can neither forget its check nor name another action than the
// contract's. access.test.ts checks each permission role by role.

const STAFF_API = /^\/staff\//
/** The one staff call anyone may make. */
const SIGN_IN = { method: 'POST', url: '/staff/login' }

let t: TestApp
const served: RouteOptions[] = []

beforeAll(async () => {
  t = await buildTestApp({}, { onRoute: (route) => served.push(route) })
})
afterAll(() => t?.close())

const methodsOf = (route: RouteOptions) => [route.method].flat().filter((method) => method !== 'HEAD')
const staffRoutes = () =>
  served.filter(
    (route) => STAFF_API.test(route.url) && methodsOf(route).length > 0 && !(route.url === SIGN_IN.url && methodsOf(route)[0] === 'POST'),
  )
const contractRouteOf = (method: string, url: string): RouteSpec | undefined =>
  ROUTE_LIST.find((route) => route.method === method && route.path === url)

describe("the contract's staff routes", () => {
  it('name a permission of the table, every call of the staff API but signing in', () => {
    const staffApi = ROUTE_LIST.filter((route) => STAFF_API.test(route.path))
    expect(staffApi.length).toBeGreaterThan(50)
    const missing = staffApi.filter((route) => route.permission === undefined).map((route) => `${route.method} ${route.path}`)
    expect(missing).toEqual([`${SIGN_IN.method} ${SIGN_IN.url}`])
    for (const route of staffApi) if (route.permission) expect(Object.keys(STAFF_PERMISSIONS), route.path).toContain(route.permission)
  })

  it('are all of the staff API: a route with a permission is a staff call', () => {
    for (const route of ROUTE_LIST.filter((spec) => spec.permission !== undefined)) {
      expect(route.audience, `${route.method} ${route.path}`).toBe('staff')
      expect(route.path).toMatch(STAFF_API)
    }
  })
})

describe("the app's staff routes", () => {
  it('are each the contract’s, with its guard first and their HTTP statuses kept', () => {
    const routes = staffRoutes()
    expect(routes.length).toBeGreaterThan(50)
    for (const route of routes) {
      const name = `${methodsOf(route).join(',')} ${route.url}`
      const spec = contractRouteOf(methodsOf(route)[0]!, route.url)
      expect(spec?.permission, `${name} is a staff call of the contract`).toBeDefined()
      const hooks = [route.onRequest].flat()
      expect(isStaffGuard(hooks[0]), `${name} runs the staff guard on request, before anything else`).toBe(true)
      expect([route.preHandler].flat().some(isStaffGuard), `${name} runs its guard once`).toBe(false)
      expect(route.config?.keepHttpStatus, name).toBe(true)
    }
  })

  it('refuse an anonymous call with the 401 envelope, never answering it, whatever it sends', async () => {
    let refused = 0
    for (const route of staffRoutes()) {
      const method = methodsOf(route)[0]! as 'GET' | 'POST' | 'PUT' | 'DELETE'
      const url = `${route.url.replace(/:[a-zA-Z]+/g, '1')}?lang=en-US&version=1&name=a.pdf&format=csv`
      const res = await t.app.inject({ method, url, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) })
      const answer = body(res)
      expect(answer.code, `${method} ${route.url}: ${res.body}`).not.toBe(200)
      expect(answer.data).toBeNull()
      // Who may call is settled before the input is read: no route's schema answers a stranger (400).
      expect(res.statusCode, `${method} ${route.url}: ${res.body}`).toBe(401)
      expect(answer.code, `${method} ${route.url}`).toBe(300002)
      refused += 1
    }
    expect(refused).toBe(staffRoutes().length)
  })

  it('refuse a bad body by who sends it: 401 for nobody, 403 for a role without the permission, 400 for one with it', async () => {
    const bad = { method: 'PUT', url: '/staff/reports/..bad?lang=en-US', payload: { version: 'not a number', editions: 7 } } as const
    const anonymous = await t.app.inject(bad)
    expect(anonymous.statusCode).toBe(401)
    expect(body(anonymous)).toEqual({ code: 300002, msg: expect.any(String), data: null })
    expect(body(anonymous).msg).not.toMatch(/version|editions|code/i)

    const sales = await staffCaller(t.app, 'sales')
    const forbidden = await sales.raw(bad.method, bad.url, bad.payload)
    expect(forbidden.statusCode).toBe(403)
    expect(body(forbidden)).toMatchObject({ code: 300004, data: null })

    const editor = await staffCaller(t.app, 'editor')
    const invalid = await editor.raw(bad.method, bad.url, bad.payload)
    expect(invalid.statusCode).toBe(400)
    expect(body(invalid)).toMatchObject({ code: 100001, data: null })
  })

  it('lets anyone sign in: the one staff route without a guard keeps its HTTP statuses too', () => {
    const signIn = served.find((route) => route.url === SIGN_IN.url && methodsOf(route).includes('POST'))
    expect(signIn?.config?.keepHttpStatus).toBe(true)
    expect([signIn?.onRequest, signIn?.preHandler].flat().some(isStaffGuard)).toBe(false)
  })
})
