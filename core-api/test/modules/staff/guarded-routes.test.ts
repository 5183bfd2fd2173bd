import type { RouteOptions } from 'fastify'
import { ROUTE_LIST, STAFF_PERMISSIONS, type RouteSpec } from '@rpt/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isStaffGuard } from '../../../src/platform/http/staff-route.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'

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
      const hooks = [route.preHandler].flat()
      expect(isStaffGuard(hooks[0]), `${name} runs the staff guard before anything else`).toBe(true)
      expect(route.config?.keepHttpStatus, name).toBe(true)
    }
  })

  it('refuse an anonymous call with the 401 envelope, never answering it', async () => {
    let refused = 0
    for (const route of staffRoutes()) {
      const method = methodsOf(route)[0]! as 'GET' | 'POST' | 'PUT' | 'DELETE'
      const url = `${route.url.replace(/:[a-zA-Z]+/g, '1')}?lang=en-US&version=1&name=a.pdf&format=csv`
      const res = await t.app.inject({ method, url, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) })
      const answer = body(res)
      expect(answer.code, `${method} ${route.url}: ${res.body}`).not.toBe(200)
      expect(answer.data).toBeNull()
      expect(res.statusCode).toBeGreaterThanOrEqual(400)
      // An input the route's schema refuses is answered first (400): the guard runs before the handler, after validation.
      if (res.statusCode === 400) continue
      expect([401, 403], `${method} ${route.url}`).toContain(res.statusCode)
      expect(answer.code, `${method} ${route.url}`).toBe(300002)
      refused += 1
    }
    expect(refused).toBeGreaterThan(30)
  })

  it('lets anyone sign in: the one staff route without a guard keeps its HTTP statuses too', () => {
    const signIn = served.find((route) => route.url === SIGN_IN.url && methodsOf(route).includes('POST'))
    expect(signIn?.config?.keepHttpStatus).toBe(true)
    expect([signIn?.preHandler].flat().some(isStaffGuard)).toBe(false)
  })
})
