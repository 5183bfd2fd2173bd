import { CALL_LIST } from '@rpt/contract'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerUser } from '../helpers/accounts.ts'
import { buildTestApp, type TestApp } from '../helpers/build-app.ts'
import { bulletinWithFile, NOTIFY_PATH } from '../helpers/orders.ts'

// test/api/bad-input.test.ts sends a fixed list of values field by field;
// this one lets fast-check generate whole requests (several thousand) for
// every route of /docs/json: wrong types, missing and extra fields, huge
// strings and arrays, deep JSON, invalid UTF-8, injection strings and path
// traversal, with and without a valid session, so that combinations reach
// the services and not only the schema. Every answer must be a 4xx (or a
// success), never a 5xx, and the process must keep serving.
let t: TestApp
let token = ''
const operations: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; fields: string[] }[] = []
const RUNS = Number(process.env.FUZZ_RUNS ?? 2500)

beforeAll(async () => {
  t = await buildTestApp()
  token = (await registerUser(t.app)).token
  await bulletinWithFile(t.app)
  const doc = JSON.parse((await t.app.inject({ url: '/docs/json' })).body)
  for (const [path, methods] of Object.entries<any>(doc.paths)) {
    if (path.startsWith('/docs')) continue
    for (const [method, schema] of Object.entries<any>(methods)) {
      const fields =
        method === 'get'
          ? (schema.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name)
          : Object.keys(schema.requestBody?.content?.['application/json']?.schema?.properties ?? {})
      operations.push({ method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE', path, fields })
    }
  }
})
afterAll(() => t?.close())

const HOSTILE = [
  "' OR '1'='1",
  '1; DROP TABLE website_order; --',
  "1' UNION SELECT password_hash FROM website_user --",
  '$1',
  '\\',
  '%',
  '_',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd\u0000.pdf',
  '\u0000',
  '\uFFFF',
  '\uD800',
  '𠜎𠜱',
  '\u202Eevil',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9'.repeat(40),
  '-9223372036854775809',
  '0x10',
  '2026-02-30',
  'zfb',
  'wx',
  '200',
  'zh-CN',
  'en-US',
  '',
]

const scalar = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.nat({ max: 300_000 }).map((n) => 'x'.repeat(n)),
)
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }),
    fc.nat({ max: 5000 }).map((n) => Array(n).fill(1)),
  ),
})).value

/** JSON nested deeper than any parser should be asked to go. */
const deepJson = fc.integer({ min: 100, max: 5000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth))
const rawBody = fc.oneof(
  deepJson,
  fc.integer({ min: 100, max: 5000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.uint8Array({ minLength: 1, maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom(
    '{',
    '{"lang":"en-US",}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    'null',
    '[]',
    '"x"',
    '\uFEFF{}',
    Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
  ),
)

const request = fc.record({
  op: fc.nat(),
  fields: fc.array(fc.tuple(fc.nat(), value), { maxLength: 5 }),
  extra: fc.option(fc.tuple(fc.constantFrom('id', 'userId', 'status', 'amount', '__proto__', 'constructor', 'x'.repeat(300)), value), {
    nil: undefined,
  }),
  raw: fc.option(rawBody, { freq: 4, nil: undefined }),
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/x-www-form-urlencoded',
    'text/plain',
    'multipart/form-data; boundary=x',
    'application/json; charset=latin1',
  ),
  session: fc.constantFrom<'valid' | 'none' | 'garbage'>('valid', 'none', 'garbage'),
  pathParam: fc.constantFrom(...HOSTILE.filter(Boolean), 'A'.repeat(43)),
  lang: fc.constantFrom('en-US', 'zh-CN', 'fr', undefined),
})

const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))

/** A lone surrogate cannot be percent-encoded as UTF-8; send the bytes of one instead, which are invalid UTF-8. */
function encodePathParam(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return '%ED%A0%80'
  }
}

const FILE_OR_IMAGE = /application\/pdf|image\/svg|octet-stream/
/** Refusals of the transport, before any route could answer: a body too large or of a type no route reads, a range past the file. */
const TRANSPORT_STATUSES = new Set([413, 415, 416])
/** The staff API is outside the legacy contract: its refusals keep their HTTP status (docs/staff.md), still in the envelope. */
const STAFF_PATHS = new Set<string>(
  CALL_LIST.filter((call) => call.audience === 'staff').map((call) => call.path.replace(/:(\w+)/g, '{$1}')),
)
const STAFF_REFUSALS = new Set([400, 401, 403, 429])
/** The platform's own calls (health checks, the BFFs' content feed, redirects and previews) are outside the legacy contract too. */
const PLATFORM_PATHS = new Set<string>(
  CALL_LIST.filter((call) => call.audience === 'platform').map((call) => call.path.replace(/:(\w+)/g, '{$1}')),
)

describe('generated malformed requests', () => {
  it(`answer ${RUNS} requests to every route without a 5xx`, async () => {
    const seen = new Set<string>()
    let requests = 0
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const op = operations[r.op % operations.length]!
        const url = op.path.replace(/\{[^}]+\}/g, encodePathParam(r.pathParam))
        const headers: Record<string, string> = {}
        if (r.session === 'valid') headers['website-token'] = token
        if (r.session === 'garbage') headers['website-token'] = `' OR 1=1 -- ${'x'.repeat(50)}`
        const params: Record<string, unknown> = r.lang ? { lang: r.lang } : {}
        for (const [index, v] of r.fields) if (op.fields.length > 0) params[op.fields[index % op.fields.length]!] = v
        if (r.extra) params[r.extra[0]] = r.extra[1]
        let res
        if (op.method === 'GET') {
          const query = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, asText(v).slice(0, 8000)]))
          res = await t.app.inject({ method: 'GET', url, query, headers })
        } else {
          headers['content-type'] = r.contentType
          const payload =
            r.raw ??
            (r.contentType.includes('urlencoded')
              ? new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, asText(v)])).toString()
              : JSON.stringify(params))
          // The staff API's PUT and DELETE are sent as themselves (a POST there is an unknown route).
          res = await t.app.inject({ method: op.method, url, headers, payload })
        }
        requests++
        seen.add(`${op.method} ${op.path}`)
        const label = `${op.method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`
        if (res.statusCode >= 500) throw new Error(label)
        if (op.path === NOTIFY_PATH || op.path === '/metrics') return true
        if (res.statusCode < 300 && FILE_OR_IMAGE.test(String(res.headers['content-type']))) return true
        const parsed = JSON.parse(res.body) as Record<string, unknown>
        if (Object.keys(parsed).sort().join() !== 'code,data,msg' || typeof parsed.msg !== 'string')
          throw new Error(`not an envelope: ${label}`)
        if (parsed.code !== 200 && parsed.data !== null) throw new Error(`error with data: ${label}`)
        // Outcomes of the contract come with HTTP 200, as the legacy backend answered them; only what the transport refused keeps its status.
        // So are the earlier clients' images (/js/userfiles) and uploaded ones (/media/images), which browsers load by their status, as the mailed download and sample links.
        if (STAFF_PATHS.has(op.path)) {
          if (res.statusCode !== 200 && !STAFF_REFUSALS.has(res.statusCode) && !TRANSPORT_STATUSES.has(res.statusCode))
            throw new Error(`a staff answer with HTTP ${res.statusCode}: ${label}`)
        } else if (
          res.statusCode !== 200 &&
          !TRANSPORT_STATUSES.has(res.statusCode) &&
          !op.path.startsWith('/download/') &&
          !op.path.startsWith('/sample/') &&
          !PLATFORM_PATHS.has(op.path) &&
          !op.path.startsWith('/js/userfiles/') &&
          !op.path.startsWith('/media/images/')
        ) {
          throw new Error(`a contract answer with HTTP ${res.statusCode}: ${label}`)
        }
        if (/at .*\.(ts|js):\d+|Sequelize|syntax error at/i.test(res.body)) throw new Error(`internals leaked: ${label}`)
        return true
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    )
    expect(requests).toBeGreaterThanOrEqual(RUNS)
    // Every route was reached at least once.
    expect(seen.size).toBe(operations.length)
  }, 150_000)

  it('keeps serving, over a real socket too', async () => {
    expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200)
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const res = await fetch(`${address}/report/researchReport/pageList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ code: 100001, data: null })
    // Refused by Node's HTTP parser, before Fastify: still an envelope.
    const long = await fetch(`${address}/report/researchReport/form?webTitle=${'w'.repeat(20_000)}`)
    expect(long.status).toBe(431)
    expect(await long.json()).toMatchObject({ code: 413, data: null })
    expect((await fetch(`${address}/health`)).status).toBe(200)
  })
})
