import fc from 'fast-check'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, it } from 'vitest'
import sandbox from '../src/app.ts'
import { generateKeys } from '../src/keys.ts'

// Generated malformed requests to every page and API of both gateways
// (several hundred): wrong types, missing and extra fields, huge and hostile
// strings, broken bodies and headers. A gateway refuses them with a 4xx (a
// page, or its protocol's error answer), never a 5xx, and keeps serving.

const OPERATIONS: { method: 'GET' | 'POST'; path: string; fields: string[] }[] = [
  {
    method: 'GET',
    path: '/alipay/gateway.do',
    fields: ['method', 'biz_content', 'sign', 'app_id', 'charset', 'sign_type', 'timestamp', 'notify_url', 'return_url'],
  },
  { method: 'POST', path: '/alipay/gateway.do', fields: ['method', 'biz_content', 'sign', 'app_id', 'result'] },
  { method: 'GET', path: '/wechatpay/cashier/{key}', fields: ['lang'] },
  { method: 'POST', path: '/wechatpay/cashier/{key}', fields: ['result'] },
  {
    method: 'POST',
    path: '/wechatpay/v3/pay/transactions/native',
    fields: ['appid', 'mchid', 'out_trade_no', 'amount', 'notify_url', 'description', 'time_expire'],
  },
  {
    method: 'POST',
    path: '/wechatpay/v3/pay/transactions/h5',
    fields: ['appid', 'mchid', 'out_trade_no', 'amount', 'notify_url', 'scene_info'],
  },
  { method: 'GET', path: '/wechatpay/v3/pay/transactions/out-trade-no/{key}', fields: ['mchid'] },
  { method: 'POST', path: '/wechatpay/v3/pay/transactions/out-trade-no/{key}/close', fields: ['mchid'] },
  {
    method: 'POST',
    path: '/wechatpay/v3/refund/domestic/refunds',
    fields: ['out_refund_no', 'transaction_id', 'out_trade_no', 'amount', 'reason', 'notify_url'],
  },
  { method: 'GET', path: '/wechatpay/v3/refund/domestic/refunds/{key}', fields: [] },
]
const HOSTILE = [
  "' OR '1'='1",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u0000',
  '\uD800',
  '𠜎',
  '9'.repeat(40),
  '-1',
  'success',
  'fail',
  '{}',
  '',
]
const RUNS = Number(process.env.FUZZ_RUNS ?? 800)

let app: FastifyInstance
beforeAll(async () => {
  app = Fastify({ logger: false })
  await app.register(sandbox, { keys: generateKeys(), publicUrl: 'http://127.0.0.1:9', deliver: async () => ({ status: 204, body: '' }) })
  await app.ready()
})
afterAll(() => app?.close())

const value = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { maxKeys: 3 }),
  fc.nat({ max: 200_000 }).map((n) => 'x'.repeat(n)),
)
const request = fc.record({
  op: fc.nat(),
  fields: fc.array(fc.tuple(fc.nat(), value), { maxLength: 5 }),
  raw: fc.option(fc.constantFrom('{', 'null', '[]', '\uFEFF{}', 'a=%E0%A4%A', '{"amount":{"total":1e400}}'), { freq: 4, nil: undefined }),
  contentType: fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/json; charset=latin1'),
  authorization: fc.option(
    fc.constantFrom('WECHATPAY2-SHA256-RSA2048 mchid="1"', 'WECHATPAY2-SHA256-RSA2048 ' + 'a="b",'.repeat(50), 'Bearer x'),
    { nil: undefined },
  ),
  key: fc.constantFrom(...HOSTILE.filter(Boolean), 'A'.repeat(300)),
})

const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))

/** A lone surrogate cannot be percent-encoded as UTF-8; send the bytes of one instead, which are invalid UTF-8. */
function pathPart(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return '%ED%A0%80'
  }
}

describe('generated malformed requests', () => {
  it(`answer ${RUNS} requests without a 5xx`, async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const op = OPERATIONS[r.op % OPERATIONS.length]!
        let url = op.path.replace('{key}', pathPart(r.key))
        const params: Record<string, string> = {}
        for (const [index, v] of r.fields)
          if (op.fields.length > 0) params[op.fields[index % op.fields.length]!] = text(v).replace(/[\uD800-\uDFFF]/g, '?')
        const headers: Record<string, string> = r.authorization ? { authorization: r.authorization } : {}
        let res
        if (op.method === 'GET') {
          url += `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, v.slice(0, 4000)])).toString()}`
          res = await app.inject({ method: 'GET', url, headers })
        } else {
          headers['content-type'] = r.contentType
          const payload = r.raw ?? (r.contentType.includes('urlencoded') ? new URLSearchParams(params).toString() : JSON.stringify(params))
          res = await app.inject({ method: 'POST', url, headers, payload })
        }
        if (res.statusCode >= 500) throw new Error(`${op.method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`)
        return true
      }),
      { numRuns: RUNS },
    )
    // Still serving.
    const health = await app.inject({ url: '/health' })
    if (health.statusCode !== 200) throw new Error('the sandbox stopped serving')
  }, 240_000)
})
