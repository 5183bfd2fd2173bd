import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerUser } from '../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../helpers/build-app.ts'
import { logCapture } from '../helpers/logs.ts'
import {
  authed,
  bulletinWithFile,
  NOTIFY_PATH,
  orderStatus,
  postNotification,
  pressCashier,
  signedAlipayNotification,
} from '../helpers/orders.ts'
import { ProviderError, type IncomingNotification } from '../../src/modules/orders/payments/gateways/types.ts'

// What test/modules/orders/orders.test.ts leaves out: payments after expiry, WeChat
// Pay's own duplicates and forgeries through the real sandbox, and that a
// verified payment for an order that can no longer take it is never dropped:
// it pays the order (a late payment within the grace) or is refunded, with
// a record either way.
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
  const answer = body(
    await authed(t.app, user.token).post(`${BRIEF}/payOrder`, { researchBriefReportId: String(bulletin.id), payMethod, payPrice: 299 }),
  )
  expect(answer.code).toBe(200)
  return { ...(answer.data as { id: string; orderNo: string; orderPayUrl: string }), token: user.token }
}

async function refundCauses(orderId: string): Promise<string[]> {
  const rows = await t.app.db.sequelize.query<{ cause: string }>(`SELECT cause FROM payment_refund WHERE order_id = $1 ORDER BY id`, {
    bind: [orderId],
    type: QueryTypes.SELECT,
  })
  return rows.map((row) => row.cause)
}

async function outcomes(orderNo: string): Promise<string[]> {
  const rows = await t.app.db.sequelize.query<{ outcome: string }>(
    `SELECT outcome FROM payment_notification WHERE order_no = $1 ORDER BY id`,
    { bind: [orderNo], type: QueryTypes.SELECT },
  )
  return rows.map((row) => row.outcome)
}

/** The notifications the sandbox hands to the route, as they arrived. */
function recordNotifications(): IncomingNotification[] {
  const seen: IncomingNotification[] = []
  const original = t.app.paymentIntake.handleNotification.bind(t.app.paymentIntake)
  t.app.paymentIntake.handleNotification = async (incoming) => {
    seen.push(incoming)
    return original(incoming)
  }
  return seen
}

function replay(incoming: IncomingNotification, change: { body?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { 'content-type': incoming.contentType }
  for (const [name, value] of Object.entries(incoming.headers))
    if (name.startsWith('wechatpay-') && typeof value === 'string') headers[name] = value
  return t.app.inject({
    method: 'POST',
    url: NOTIFY_PATH,
    headers: { ...headers, ...change.headers },
    payload: change.body ?? incoming.rawBody,
  })
}

describe('verified payments an order can no longer take', () => {
  it('pays an order that expired within the grace, and refunds one that expired before it', async () => {
    const revived = await unpaidOrder('zfb')
    await t.app.db.sequelize.query(`UPDATE website_order SET expires_at = now() - interval '1 minute' WHERE id = $1`, {
      bind: [revived.id],
    })
    await t.app.paymentIntake.reconcile()
    expect(await orderStatus(t.app, revived.id)).toBe('2')
    expect((await postNotification(t.app, await signedAlipayNotification({ orderNo: revived.orderNo, amount: 29900 }))).body).toBe(
      'success',
    )
    expect(await orderStatus(t.app, revived.id)).toBe('1')
    expect(await outcomes(revived.orderNo)).toEqual(['revived'])

    const late = await unpaidOrder('zfb')
    await t.app.db.sequelize.query(`UPDATE website_order SET expires_at = now() - interval '31 minutes' WHERE id = $1`, { bind: [late.id] })
    await t.app.paymentIntake.reconcile()
    const answer = await postNotification(t.app, await signedAlipayNotification({ orderNo: late.orderNo, amount: 29900 }))
    // Taken care of: the gateway may stop notifying.
    expect(answer.body).toBe('success')
    expect(await orderStatus(t.app, late.id)).toBe('2')
    expect(await outcomes(late.orderNo)).toEqual(['refunding'])
    expect(await refundCauses(late.id)).toEqual(['late-payment'])
    const logged = logs.find('money taken for an order that cannot take it; refunding')
    expect(logged.some((entry) => entry.orderNo === late.orderNo && entry.level === 40)).toBe(true)
  })

  it('treats a second, different trade for a paid order as a refund, not a duplicate', async () => {
    const order = await unpaidOrder('zfb')
    expect((await postNotification(t.app, await signedAlipayNotification({ orderNo: order.orderNo, amount: 29900 }))).body).toBe('success')
    const other = await postNotification(
      t.app,
      await signedAlipayNotification({ orderNo: order.orderNo, amount: 29900, tradeNo: 'T-second-payment' }),
    )
    expect(other.body).toBe('success')
    expect(await orderStatus(t.app, order.id)).toBe('1')
    expect(await outcomes(order.orderNo)).toEqual(['paid', 'refunding'])
    expect(await refundCauses(order.id)).toEqual(['second-payment'])
    // Reported again, the same second trade is still one refund.
    await postNotification(t.app, await signedAlipayNotification({ orderNo: order.orderNo, amount: 29900, tradeNo: 'T-second-payment' }))
    expect(await refundCauses(order.id)).toEqual(['second-payment'])
  })

  it('never leaves a verified payment for a closed order without a refund', async () => {
    // Whatever the database holds: a cancelled or failed order's verified payment was refunded (or is being).
    const [orphans] = await t.app.db.sequelize.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM website_order o WHERE o.status IN ('2', '3')
          AND EXISTS (SELECT 1 FROM payment_notification n WHERE n.order_no = o.order_no AND n.verified AND n.outcome NOT IN ('refunding', 'failed', 'ignored', 'pending'))`,
      { type: QueryTypes.SELECT },
    )
    expect(orphans!.count).toBe(0)
    const [unrefunded] = await t.app.db.sequelize.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM website_order o WHERE EXISTS (SELECT 1 FROM payment_notification n WHERE n.order_no = o.order_no AND n.outcome = 'refunding')
          AND NOT EXISTS (SELECT 1 FROM payment_refund r WHERE r.order_id = o.id)`,
      { type: QueryTypes.SELECT },
    )
    expect(unrefunded!.count).toBe(0)
  })
})

describe('WeChat Pay through the sandbox', () => {
  it('applies 50 concurrent copies of its notification once', async () => {
    const seen = recordNotifications()
    const order = await unpaidOrder('wx')
    expect((await pressCashier(order.orderPayUrl, 'success')).statusCode).toBe(303)
    expect(await orderStatus(t.app, order.id)).toBe('1')
    const original = seen.find((n) => n.rawBody.length > 0 && n.headers['wechatpay-signature'])
    expect(original).toBeDefined()

    const answers = await Promise.all(Array.from({ length: 50 }, () => replay(original!)))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(204))
    const recorded = await outcomes(order.orderNo)
    expect(recorded.filter((o) => o === 'paid')).toHaveLength(1)
    expect(recorded.filter((o) => o === 'duplicate')).toHaveLength(50)
    const [{ paidAt }] = (await t.app.db.sequelize.query<{ paidAt: Date }>(`SELECT paid_at AS "paidAt" FROM website_order WHERE id = $1`, {
      bind: [order.id],
      type: QueryTypes.SELECT,
    })) as [{ paidAt: Date }]
    expect(paidAt).toBeInstanceOf(Date)
  })

  it('refuses its notification altered, re-signed under another serial, or replayed after cancelling', async () => {
    const seen = recordNotifications()
    const paidOrder = await unpaidOrder('wx')
    await pressCashier(paidOrder.orderPayUrl, 'success')
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

    // The buyer pays at the cashier after the order was cancelled, while the
    // close cannot reach the gateway (it will be retried): the money goes back.
    const wechat = t.app.payments.all().find((p) => p.name === 'wechatpay')!
    const close = wechat.close.bind(wechat)
    wechat.close = async () => {
      throw new ProviderError('the gateway is unreachable')
    }
    const captured = recordNotifications()
    try {
      expect(body(await authed(t.app, target.token).post(`${BRIEF}/cancelOrder`, { id: target.id })).data.status).toBe('2')
      await pressCashier(target.orderPayUrl, 'success')
    } finally {
      wechat.close = close
    }
    expect(captured.length).toBeGreaterThanOrEqual(1)
    expect(await orderStatus(t.app, target.id)).toBe('2')
    expect(await outcomes(target.orderNo)).toContain('refunding')
  })
})
