import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerUser } from '../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../helpers/build-app.ts'
import { logCapture } from '../helpers/logs.ts'
import { authed, bulletinWithFile, NOTIFY_PATH, orderStatus, postNotification, pressCashier, signedAlipayNotification } from '../helpers/orders.ts'
import type { IncomingNotification } from '../../src/payments/types.ts'

// What test/routes/orders.test.ts leaves out: replays after expiry, WeChat
// Pay's own duplicates and forgeries through the real sandbox, and that a
// verified payment for an order that can no longer take it is kept as a
// refund to make, in the database and in an error log line, not dropped.
let t: TestApp
const logs = logCapture()
const BRIEF = '/report/websiteUserOrder'

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'warn' }, { listen: true, logStream: logs.stream })
})
afterAll(() => t?.close())

async function unpaidOrder(payMethod: 'zfb' | 'wx') {
  const user = await registerUser(t.app)
  const { bulletin } = await bulletinWithFile(t.app)
  const answer = body(await authed(t.app, user.token).post(`${BRIEF}/payOrder`, { researchBriefReportId: String(bulletin.id), payMethod, payPrice: 299 }))
  expect(answer.code).toBe(200)
  return { ...(answer.data as { id: string; orderNo: string; orderPayUrl: string }), token: user.token }
}

async function outcomes(orderNo: string): Promise<string[]> {
  const rows = await t.app.db.sequelize.query<{ outcome: string }>(
    `SELECT outcome FROM payment_notification WHERE order_no = $1 ORDER BY id`, { bind: [orderNo], type: QueryTypes.SELECT },
  )
  return rows.map((row) => row.outcome)
}

/** The notifications the sandbox hands to the route, as they arrived. */
function recordNotifications(): IncomingNotification[] {
  const seen: IncomingNotification[] = []
  const original = t.app.orders.handleNotification.bind(t.app.orders)
  t.app.orders.handleNotification = async (incoming) => {
    seen.push(incoming)
    return original(incoming)
  }
  return seen
}

function replay(incoming: IncomingNotification, change: { body?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { 'content-type': incoming.contentType }
  for (const [name, value] of Object.entries(incoming.headers)) if (name.startsWith('wechatpay-') && typeof value === 'string') headers[name] = value
  return t.app.inject({ method: 'POST', url: NOTIFY_PATH, headers: { ...headers, ...change.headers }, payload: change.body ?? incoming.rawBody })
}

describe('verified payments an order can no longer take', () => {
  it('keeps an expired order cancelled, records refund-required and logs an error', async () => {
    const order = await unpaidOrder('zfb')
    await t.app.db.sequelize.query(`UPDATE website_order SET expires_at = now() - interval '1 minute' WHERE id = $1`, { bind: [order.id] })
    await t.app.orders.reconcile()
    expect(await orderStatus(t.app, order.id)).toBe('2')

    const late = await postNotification(t.app, await signedAlipayNotification(t.app, { orderNo: order.orderNo, amount: 29900 }))
    expect(late.body).not.toBe('success')
    expect(late.statusCode).toBe(400)
    expect(await orderStatus(t.app, order.id)).toBe('2')
    expect(await outcomes(order.orderNo)).toEqual(['refund-required'])
    const logged = logs.find('refund required')
    expect(logged.some((entry) => entry.orderNo === order.orderNo && entry.level === 50)).toBe(true)
  })

  it('treats a second, different trade for a paid order as a refund, not a duplicate', async () => {
    const order = await unpaidOrder('zfb')
    expect((await postNotification(t.app, await signedAlipayNotification(t.app, { orderNo: order.orderNo, amount: 29900 }))).body).toBe('success')
    const other = await postNotification(t.app, await signedAlipayNotification(t.app, { orderNo: order.orderNo, amount: 29900, tradeNo: 'T-second-payment' }))
    expect(other.statusCode).toBe(400)
    expect(await orderStatus(t.app, order.id)).toBe('1')
    expect(await outcomes(order.orderNo)).toEqual(['paid', 'refund-required'])
  })

  it('never moves an order from cancelled to paid without a refund-required record', async () => {
    // Whatever the database holds: a cancelled order with a payment must have a refund record.
    const [orphans] = await t.app.db.sequelize.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM website_order o WHERE o.status IN ('2', '3')
          AND EXISTS (SELECT 1 FROM payment_notification n WHERE n.order_no = o.order_no AND n.verified AND n.outcome NOT IN ('refund-required', 'failed', 'ignored', 'pending'))`,
      { type: QueryTypes.SELECT },
    )
    expect(orphans!.count).toBe(0)
  })
})

describe('WeChat Pay through the sandbox', () => {
  it('applies 50 concurrent copies of its notification once', async () => {
    const seen = recordNotifications()
    const order = await unpaidOrder('wx')
    expect((await pressCashier(t.app, order.orderPayUrl, 'success')).statusCode).toBe(303)
    expect(await orderStatus(t.app, order.id)).toBe('1')
    const original = seen.find((n) => n.rawBody.length > 0 && n.headers['wechatpay-signature'])
    expect(original).toBeDefined()

    const answers = await Promise.all(Array.from({ length: 50 }, () => replay(original!)))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(204))
    const recorded = await outcomes(order.orderNo)
    expect(recorded.filter((o) => o === 'paid')).toHaveLength(1)
    expect(recorded.filter((o) => o === 'duplicate')).toHaveLength(50)
    const [{ paidAt }] = await t.app.db.sequelize.query<{ paidAt: Date }>(`SELECT paid_at AS "paidAt" FROM website_order WHERE id = $1`, { bind: [order.id], type: QueryTypes.SELECT }) as [{ paidAt: Date }]
    expect(paidAt).toBeInstanceOf(Date)
  })

  it('refuses its notification altered, re-signed under another serial, or replayed after cancelling', async () => {
    const seen = recordNotifications()
    const paidOrder = await unpaidOrder('wx')
    await pressCashier(t.app, paidOrder.orderPayUrl, 'success')
    const genuine = seen.find((n) => n.rawBody.includes('resource'))!
    const target = await unpaidOrder('wx')

    const flipped = genuine.rawBody.replace(/"ciphertext":"(.)/, (_m, c: string) => `"ciphertext":"${c === 'A' ? 'B' : 'A'}`)
    const cases: [string, { body?: string; headers?: Record<string, string> }][] = [
      ['one byte of the ciphertext changed', { body: flipped }],
      ['another platform serial', { headers: { 'wechatpay-serial': 'FFFFFFFFFFFFFFFF' } }],
      ['a stale timestamp', { headers: { 'wechatpay-timestamp': String(Math.floor(Date.now() / 1000) - 3600) } }],
      ['a signature of other bytes', { headers: { 'wechatpay-signature': Buffer.alloc(256, 1).toString('base64') } }],
    ]
    for (const [label, change] of cases) {
      const answer = await replay(genuine, change)
      expect(answer.statusCode, label).toBe(400)
      expect(JSON.parse(answer.body), label).toMatchObject({ code: 'FAIL' })
    }
    expect(await orderStatus(t.app, target.id)).toBe('0')

    // The buyer pays at the cashier after the order was cancelled: the payment is kept as a refund.
    const captured = recordNotifications()
    expect(body(await authed(t.app, target.token).post(`${BRIEF}/cancelOrder`, { id: target.id })).data.status).toBe('2')
    await pressCashier(t.app, target.orderPayUrl, 'success')
    expect(captured.length).toBeGreaterThanOrEqual(1)
    expect(await orderStatus(t.app, target.id)).toBe('2')
    expect(await outcomes(target.orderNo)).toContain('refund-required')
  })
})
