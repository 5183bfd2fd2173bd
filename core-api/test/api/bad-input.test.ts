import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helpers/build-app.ts'
import { createReport } from '../helpers/factories.ts'

// Generated from the OpenAPI document, so every route added later is swept too:
// each gets malformed input of many kinds and must answer a 4xx envelope in the
// request's language, never a 500, and the app must keep serving.
let t: TestApp
const operations: { method: string; path: string; schema: any }[] = []

const HOSTILE_STRINGS = [
  "' OR 1=1 --",
  '"; DROP TABLE research_report; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '𠜎𠜱',
  'x'.repeat(5000),
  '-1',
  '1e309',
  '{}',
]
const WRONG_VALUES = [123456789012, -1, 1.5, true, [], ['a'], { nested: { deeper: 1 } }, ...HOSTILE_STRINGS]

beforeAll(async () => {
  t = await buildTestApp()
  await createReport(t.app, { webTitle: 'sweep-report' })
  const doc = JSON.parse((await t.app.inject({ url: '/docs/json' })).body)
  for (const [path, methods] of Object.entries<any>(doc.paths)) {
    for (const [method, schema] of Object.entries<any>(methods)) {
      if (path.startsWith('/docs')) continue
      operations.push({ method: method.toUpperCase(), path, schema })
    }
  }
})
afterAll(() => t?.close())

function fieldsOf(op: { method: string; schema: any }): string[] {
  if (op.method === 'GET') return (op.schema.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name)
  return Object.keys(op.schema.requestBody?.content?.['application/json']?.schema?.properties ?? {})
}

// The payment notification route answers in each provider's own format
// (Alipay: text; WeChat Pay: 204 or {code, message}), not the envelope.
const PROVIDER_PROTOCOL = new Set(['/report/websiteUserResearchOrder/pay/asyncNotify'])

function expectEnvelope(res: { statusCode: number; body: string; headers: Record<string, unknown> }, label: string) {
  expect(res.statusCode, label).toBeLessThan(500)
  if (PROVIDER_PROTOCOL.has(label.split(/[ ?]/).find((part) => part.startsWith('/')) ?? '')) return
  // A value that happens to be valid gets the route's answer, which for an image is not JSON.
  if (res.statusCode === 200 && !String(res.headers['content-type']).includes('json')) return
  const parsed = JSON.parse(res.body)
  expect(Object.keys(parsed).sort(), label).toEqual(['code', 'data', 'msg'])
  expect(typeof parsed.msg, label).toBe('string')
  expect(res.body, label).not.toMatch(/at .*\.(ts|js):\d+/)
}

describe('malformed input to every route', () => {
  it('finds the routes in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(5)
  })

  it('answers wrong types, hostile strings and unknown fields with a 4xx envelope', async () => {
    let requests = 0
    for (const op of operations) {
      const fields = [...fieldsOf(op), 'unknownField']
      for (const field of fields) {
        for (const value of WRONG_VALUES) {
          const res =
            op.method === 'GET'
              ? await t.app.inject({
                  method: 'GET',
                  url: op.path,
                  query: { lang: 'en-US', [field]: typeof value === 'string' ? value : JSON.stringify(value) },
                })
              : await t.app.inject({ method: op.method as 'POST', url: op.path, payload: { lang: 'en-US', [field]: value } })
          expectEnvelope(res, `${op.method} ${op.path} ${field}=${JSON.stringify(value).slice(0, 40)}`)
          requests++
        }
      }
    }
    expect(requests).toBeGreaterThan(100)
    // Every field of every route, some thousands of requests: more than the default 30 s on a busy machine.
  }, 180_000)

  it('answers malformed bodies with a 4xx envelope', async () => {
    const bodies = [
      '{',
      '[]',
      '"text"',
      '123',
      'null',
      JSON.stringify({ a: Array(5000).fill(1) }),
      '{"a":'.repeat(2000) + '1' + '}'.repeat(2000),
      '\uD800',
      'x'.repeat(300_000),
    ]
    for (const op of operations.filter((o) => o.method === 'POST')) {
      for (const payload of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url: `${op.path}?lang=en-US`,
          headers: { 'content-type': 'application/json' },
          payload,
        })
        expectEnvelope(res, `${op.path} body=${payload.slice(0, 30)}`)
      }
      const form = await t.app.inject({ method: 'POST', url: op.path, headers: { 'content-type': 'text/plain' }, payload: 'a=b' })
      expectEnvelope(form, `${op.path} text/plain`)
    }
  })

  it('keeps serving afterwards', async () => {
    const res = await t.app.inject({ url: '/health' })
    expect(res.statusCode).toBe(200)
  })
})
