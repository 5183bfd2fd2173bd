import { CALL_LIST, CALLS, ReportPageListBody, ROUTE_LIST } from '@rpt/contract'
import { describe, expect, it } from 'vitest'
import { inputOf } from '../../src/routes/api/schemas.ts'
import { ReportsQuery } from '../../src/routes/pages/schemas.ts'
import { CACHED_PATHS, PAYMENT_NOTIFY_PATHS, PROXIED_PATHS } from '../../src/upstream/allow-list.ts'

// The allow-list and the cached inputs come from the contract's route table:
// nothing the browser may call is left out, nothing else is let in.

describe('the allow-list, from the contract', () => {
  it('serves every call of the browser once, proxied or cached, and nothing else', () => {
    const served = [...PROXIED_PATHS, ...CACHED_PATHS].map((entry) => `${entry.method} ${entry.path}`)
    const browser = CALL_LIST.filter((call) => (call.audience ?? 'browser') === 'browser').map((call) => `${call.method} ${call.path}`)
    expect([...served].sort()).toEqual([...browser].sort())
    expect(new Set(served).size).toBe(served.length)
  })

  it('passes the payment notifications on as they are, and no health check', () => {
    expect(PAYMENT_NOTIFY_PATHS).toEqual([CALLS.websiteUserResearchOrder.asyncNotify.path])
    const proxied = PROXIED_PATHS.map((entry) => entry.path)
    for (const call of Object.values(CALLS.health)) expect(proxied).not.toContain(call.path)
  })

  it('validates each cached call with its contract input, its defaults left to the core API', () => {
    for (const { method, path } of CACHED_PATHS) {
      const route = ROUTE_LIST.find((entry) => entry.method === method && entry.path === path)!
      const contract = route.querystring ?? route.body
      const input = inputOf(method, path)
      expect(Object.keys(input.properties), path).toEqual(Object.keys(contract!.properties))
      expect(JSON.stringify(input), path).not.toContain('"default"')
    }
  })

  it('bounds a page query as the contract bounds the call it stands for', () => {
    expect(ReportsQuery.properties.price).toEqual(ReportPageListBody.properties.price)
    expect((ReportsQuery.properties.price as { minimum?: number }).minimum).toBe(1)
  })
})
