import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildBff, fromSite, SITE } from '../helpers/build-app.ts'
import { startCore, type CoreProcess } from '../helpers/core-process.ts'
import { API_PREFIX, CACHED_PATHS, PAYMENT_NOTIFY_PATHS, PROXIED_PATHS } from '../../src/upstream/allow-list.ts'

// Generated hostile requests through the BFF to a real core API: every
// allow-listed /api path, the payment notification, the
// BFF's own /bff/* routes and paths that exist nowhere. Whatever arrives,
// the BFF answers 4xx (or a success) in the envelope, never a 5xx, and
// keeps serving. The field names come from the core API's /docs/json so the
// generator hits real fields with wrong values as well as unknown ones.
let core: CoreProcess
let bff: FastifyInstance
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000)
const fieldsOf = new Map<string, string[]>()

interface Route {
  method: 'GET' | 'POST'
  url: string
  fields: string[]
  envelope: boolean
}
let routes: Route[] = []

beforeAll(async () => {
  core = await startCore({ seed: false })
  bff = await buildBff({ CORE_API_URL: core.url, OPS_TOKEN: 'ops-secret-token' })
  const doc = (await (await fetch(`${core.url}/docs/json`)).json()) as { paths: Record<string, Record<string, any>> }
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, schema] of Object.entries(methods)) {
      const fields =
        method === 'get'
          ? (schema.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name)
          : Object.keys(schema.requestBody?.content?.['application/json']?.schema?.properties ?? {})
      fieldsOf.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, fields)
    }
  }
  const api = [...CACHED_PATHS, ...PROXIED_PATHS].map(({ method, path }) => ({
    method,
    url: `${API_PREFIX}${path}`,
    fields: fieldsOf.get(`${method} ${path}`) ?? [],
    envelope: true,
  }))
  routes = [
    ...api,
    ...PAYMENT_NOTIFY_PATHS.map((path) => ({ method: 'POST' as const, url: `${API_PREFIX}${path}`, fields: [], envelope: false })),
    ...['home', 'reports', 'report', 'bulletins', 'bulletin', 'news', 'article'].map((page) => ({
      method: 'GET' as const,
      url: `/bff/pages/${page}`,
      fields: ['pageNo', 'pageSize', 'keyword', 'marketType', 'webTitle', 'id', 'price', 'publishDate'],
      envelope: true,
    })),
    { method: 'GET', url: '/bff/health', fields: [], envelope: true },
    { method: 'GET', url: '/bff/metrics', fields: [], envelope: false },
    // The client's pages (the holding page while no build exists): HTML, but never a 5xx either.
    { method: 'GET', url: '/en/report/:slug', fields: ['lang', 'resetToken'], envelope: false },
    { method: 'POST', url: '/bff/cache/purge', fields: ['cache'], envelope: true },
    { method: 'GET', url: '/bff/ops/settings', fields: [], envelope: true },
    { method: 'POST', url: '/bff/ops/purge', fields: ['all', 'cache', 'keys', 'report', 'dict', 'language', 'tags'], envelope: true },
    { method: 'POST', url: '/bff/ops/unblock', fields: ['address', 'account', 'policy'], envelope: true },
    { method: 'POST', url: '/bff/ops/session', fields: ['token'], envelope: true },
    { method: 'GET', url: '/bff/ops/audit', fields: ['limit', 'offset'], envelope: true },
    { method: 'GET', url: '/api/report/websiteUser/../../etc/passwd', fields: [], envelope: true },
    { method: 'POST', url: '/api/docs/json', fields: [], envelope: true },
  ]
})
afterAll(async () => {
  await bff?.close()
  await core?.stop()
})

const HOSTILE = [
  "' OR '1'='1",
  '1; DROP TABLE website_user; --',
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '\u0000',
  '\uD800',
  '𠜎',
  'NaN',
  '1e309',
  '9'.repeat(30),
  'zh-CN',
  'en-US',
  'zfb',
  '',
]
const scalar = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.nat({ max: 400_000 }).map((n) => 'y'.repeat(n)),
)
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 3 }),
    fc.nat({ max: 3000 }).map((n) => Array(n).fill('a')),
  ),
})).value
const rawBody = fc.oneof(
  fc.integer({ min: 100, max: 4000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.uint8Array({ minLength: 1, maxLength: 100 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom('{', '{"__proto__":{"polluted":1}}', 'null', '[]', '\uFEFF{}', Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])),
)
const request = fc.record({
  route: fc.nat(),
  fields: fc.array(fc.tuple(fc.nat(), value), { maxLength: 4 }),
  extra: fc.option(fc.tuple(fc.constantFrom('id', 'userId', 'token', '__proto__', 'constructor', 'z'.repeat(200)), value), {
    nil: undefined,
  }),
  raw: fc.option(rawBody, { freq: 5, nil: undefined }),
  contentType: fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/xml'),
  site: fc.constantFrom<'site' | 'cross' | 'none'>('site', 'site', 'site', 'cross', 'none'),
  cookie: fc.constantFrom(
    '',
    'rpt_session=abc',
    `rpt_session=${'%'.repeat(50)}`,
    "rpt_lang=en-US; rpt_session=' OR 1=1 --",
    `rpt_session=${'q'.repeat(5000)}`,
  ),
  param: fc.constantFrom(...HOSTILE.filter(Boolean), 'A'.repeat(43)),
  address: fc.integer({ min: 1, max: 250 }),
  opsToken: fc.constantFrom(undefined, 'wrong', 'ops-secret-token'.slice(0, -1), ''),
})

const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))
function encodeParam(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return '%ED%A0%80'
  }
}

describe('generated malformed requests through the BFF', () => {
  it(`answer ${RUNS} requests without a 5xx other than an upstream outage`, async () => {
    const reached = new Set<string>()
    let fiveHundreds = 0
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const route = routes[r.route % routes.length]!
        const url = route.url.replace(/:(\w+)/g, encodeParam(r.param))
        const headers: Record<string, string> = { 'x-forwarded-for': `198.51.100.${r.address}` }
        if (r.site === 'site') Object.assign(headers, fromSite)
        if (r.site === 'cross') Object.assign(headers, { origin: 'https://evil.example', 'x-requested-with': 'XMLHttpRequest' })
        if (r.cookie) headers.cookie = r.cookie
        if (r.opsToken !== undefined) headers['x-ops-token'] = r.opsToken
        const params: Record<string, unknown> = {}
        for (const [index, v] of r.fields) if (route.fields.length > 0) params[route.fields[index % route.fields.length]!] = v
        if (r.extra) params[r.extra[0]] = r.extra[1]
        const res =
          route.method === 'GET'
            ? await bff.inject({
                method: 'GET',
                url,
                headers,
                query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, asText(v).slice(0, 6000)])),
                remoteAddress: '127.0.0.1',
              })
            : await bff.inject({
                method: 'POST',
                url,
                remoteAddress: '127.0.0.1',
                headers: { ...headers, 'content-type': r.contentType },
                payload:
                  r.raw ??
                  (r.contentType.includes('urlencoded')
                    ? new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, asText(v)])).toString()
                    : JSON.stringify(params)),
              })
        reached.add(route.url)
        const label = `${route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`
        if (res.statusCode >= 500) {
          fiveHundreds++
          throw new Error(label)
        }
        if (!route.envelope) return true
        if (res.statusCode < 300 && !String(res.headers['content-type']).includes('json')) return true
        const parsed = JSON.parse(res.body) as Record<string, unknown>
        if (Object.keys(parsed).sort().join() !== 'code,data,msg') throw new Error(`not an envelope: ${label}`)
        if (/at .*\.(ts|js):\d+|ECONNREFUSED|undici/i.test(res.body)) throw new Error(`internals leaked: ${label}`)
        return true
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    )
    expect(fiveHundreds).toBe(0)
    expect(reached.size).toBe(routes.length)
  }, 150_000)

  it("answers an envelope when the URL is too long for the core API's HTTP parser", async () => {
    const res = await bff.inject({ url: `/api/report/researchReport/form?lang=en-US&webTitle=${'w'.repeat(20_000)}` })
    expect(res.statusCode).toBe(431)
    expect(JSON.parse(res.body)).toMatchObject({ code: 413, data: null })
  })

  it('keeps serving, and so does the core API behind it', async () => {
    const health = await bff.inject({ url: '/bff/health' })
    expect(JSON.parse(health.body).data).toMatchObject({ status: 'ok', core: 'up' })
    const list = await bff.inject({
      method: 'POST',
      url: '/api/report/researchReport/pageList',
      headers: { ...fromSite, origin: SITE },
      payload: {},
    })
    expect(list.statusCode).toBe(200)
  })
})
