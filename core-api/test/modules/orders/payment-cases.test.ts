import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProviderError } from '../../../src/modules/orders/payments/gateways/types.ts'
import { listCases } from '../../../src/modules/orders/payments/payment-case-list.ts'
import { readableMail, registerUser, waitForMail } from '../../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { authed, bulletinWithFile, orderStatus, postNotification, pressCashier, signedAlipayNotification } from '../../helpers/orders.ts'

// After an order stops being payable here, end to end through the sandbox
// gateways: its trades are closed at the gateway, a close that finds the
// trade paid delivers the order, money taken anyway goes back and the buyer
// is told, and staff refunds withdraw the order's links.
let t: TestApp
const BRIEF = '/report/websiteUserOrder'

beforeAll(async () => {
  t = await buildTestApp({ SITE_URL: 'http://site.test', PAYMENT_RETRY_DELAY_SECONDS: 1, JOB_POLL_INTERVAL_SECONDS: 0.5 }, { listen: true })
})
afterAll(() => t?.close())

async function until<T>(find: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = await find()
    if (found !== undefined && found !== false) return found
    if (Date.now() > deadline)
      throw new Error(
        `timed out; refunds: ${JSON.stringify(await t.app.db.sequelize.query('SELECT state, attempts, last_error, cause FROM payment_refund', { type: QueryTypes.SELECT }))}`,
      )
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const q = <T extends object>(sql: string, bind: unknown[] = []) => t.app.db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT })

async function startedOrder(payMethod: 'zfb' | 'wx') {
  const user = await registerUser(t.app)
  const { bulletin } = await bulletinWithFile(t.app)
  const api = authed(t.app, user.token)
  const answer = body(await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: String(bulletin.id), payMethod, payPrice: 299 }))
  expect(answer.code).toBe(200)
  return { ...(answer.data as { id: string; orderNo: string; orderPayUrl: string }), api, user }
}

const closes = (orderId: string) =>
  q<{ provider: string; state: string; attempts: number }>(
    `SELECT provider, state, attempts FROM payment_close WHERE order_id = $1 ORDER BY id`,
    [orderId],
  )
const refunds = (orderId: string) =>
  q<{ cause: string; state: string; requestedBy: string }>(
    `SELECT cause, state, requested_by AS "requestedBy" FROM payment_refund WHERE order_id = $1 ORDER BY id`,
    [orderId],
  )
const audit = (orderId: string) =>
  q<{ action: string; actor: string }>(`SELECT action, actor FROM payment_audit WHERE order_id = $1 ORDER BY id`, [orderId])
const gatewayTrade = (orderNo: string) => t.gateway.books.trade('wechatpay', 'outTradeNo', orderNo)

describe('closing at the gateway', () => {
  it("closes a cancelled order's WeChat trade, after which its QR code cannot be paid", async () => {
    const order = await startedOrder('wx')
    expect(body(await order.api.post(`${BRIEF}/cancelOrder`, { id: order.id })).data.status).toBe('2')
    await until(async () => (await closes(order.id))[0]?.state === 'closed')
    expect(await closes(order.id)).toEqual([{ provider: 'wechatpay', state: 'closed', attempts: 1 }])
    expect(gatewayTrade(order.orderNo)?.state).not.toBe('WAIT')
    // The buyer scans the QR code late: the gateway takes nothing.
    await pressCashier(order.orderPayUrl, 'success')
    expect(await orderStatus(t.app, order.id)).toBe('2')
    expect(await refunds(order.id)).toEqual([])
    expect((await audit(order.id)).map((a) => [a.action, a.actor])).toEqual([
      ['close-queued', `buyer:${order.user.id}`],
      ['closed', 'system'],
    ])
  })

  it("closes an expired order's trade, and retries a close the gateway failed", async () => {
    const order = await startedOrder('wx')
    const wechat = t.app.payments.all().find((p) => p.name === 'wechatpay')!
    const close = wechat.close.bind(wechat)
    let calls = 0
    wechat.close = async (orderNo) => {
      calls++
      if (calls === 1) throw new ProviderError('gateway timed out')
      return close(orderNo)
    }
    try {
      await t.app.db.sequelize.query(`UPDATE website_order SET expires_at = now() - interval '1 minute' WHERE id = $1`, {
        bind: [order.id],
      })
      expect((await t.app.paymentIntake.reconcile()).expired).toBeGreaterThanOrEqual(1)
      await until(async () => (await closes(order.id))[0]?.state === 'closed')
      expect(await closes(order.id)).toEqual([{ provider: 'wechatpay', state: 'closed', attempts: 2 }])
      expect(calls).toBe(2)
    } finally {
      wechat.close = close
    }
  })

  it('delivers an order whose close finds it paid: the buyer paid first and the notification was lost', async () => {
    const order = await startedOrder('wx')
    // The notification never arrives.
    const handle = t.app.paymentIntake.handleNotification.bind(t.app.paymentIntake)
    t.app.paymentIntake.handleNotification = async () => ({ status: 503, contentType: 'text/plain', body: 'lost' })
    try {
      await pressCashier(order.orderPayUrl, 'success')
    } finally {
      t.app.paymentIntake.handleNotification = handle
    }
    expect(await orderStatus(t.app, order.id)).toBe('0')
    expect(body(await order.api.post(`${BRIEF}/cancelOrder`, { id: order.id })).data.status).toBe('2')
    await until(async () => (await closes(order.id))[0]?.state === 'paid')
    expect(await orderStatus(t.app, order.id)).toBe('1')
    expect(readableMail(await waitForMail(t.dataDir, order.user.email, 10_000, (text) => text.includes('支付成功')))).toContain(
      order.orderNo,
    )
    expect((await audit(order.id)).map((a) => a.action)).toContain('revived')
    expect(await refunds(order.id)).toEqual([])
  })
})

describe('money an order cannot take', () => {
  it('refunds an Alipay payment made at a cashier opened after the order was cancelled, and mails the buyer', async () => {
    const order = await startedOrder('zfb')
    // Cancelled before the buyer opened the cashier: Alipay holds no trade yet, so the close finds none.
    expect(body(await order.api.post(`${BRIEF}/cancelOrder`, { id: order.id })).data.status).toBe('2')
    await until(async () => (await closes(order.id))[0]?.state === 'not-found')
    // The page-pay link still works until its time_expire: the buyer pays.
    await pressCashier(order.orderPayUrl, 'success')
    expect(await orderStatus(t.app, order.id)).toBe('2')
    await until(async () => (await refunds(order.id))[0]?.state === 'succeeded')
    expect(await refunds(order.id)).toEqual([{ cause: 'late-payment', state: 'succeeded', requestedBy: 'system' }])
    const mail = readableMail(await waitForMail(t.dataDir, order.user.email, 10_000, (text) => text.includes('已全额退回')))
    expect(mail).toContain(order.orderNo)
    expect((await audit(order.id)).map((a) => a.action)).toEqual(['close-queued', 'closed', 'refund-queued', 'refunded'])
    // The buyer's pay-back page and order list say so.
    expect(body(await order.api.post('/report/websiteUserOrder/orderInfo', { orderNo: order.orderNo })).data).toMatchObject({
      status: '2',
      refund: { state: 'refunded', amount: 299 },
    })
  })

  it("sends the order's own deadline to the gateway as time_expire", async () => {
    const order = await startedOrder('wx')
    const [row] = await q<{ ours: Date }>(`SELECT expires_at AS ours FROM website_order WHERE id = $1`, [order.id])
    // WeChat's time_expire has whole seconds.
    expect(Math.floor(gatewayTrade(order.orderNo)!.expiresAt!.getTime() / 1000)).toBe(Math.floor(row!.ours.getTime() / 1000))
  })
})

describe('staff refunds', () => {
  it('refunds a paid WeChat order by hand: links withdrawn, refund confirmed by notification, buyer mailed, all on record', async () => {
    const order = await startedOrder('wx')
    await pressCashier(order.orderPayUrl, 'success')
    expect(await orderStatus(t.app, order.id)).toBe('1')
    await t.app.orderDelivery.createDownloadLink(order.id)

    await expect(t.app.paymentCases.staffRefund(order.orderNo, '  ', 'staff:alice')).rejects.toThrow('reason')
    const { refundNo } = await t.app.paymentCases.staffRefund(order.orderNo, 'Bought by mistake', 'staff:alice')
    expect(refundNo).toMatch(/^RF[0-9A-F]{30}$/)
    expect(await orderStatus(t.app, order.id)).toBe('2')
    expect(await q('SELECT 1 FROM download_link WHERE order_id = $1', [order.id])).toEqual([])
    // WeChat answers PROCESSING, then notifies REFUND.SUCCESS.
    await until(async () => (await refunds(order.id))[0]?.state === 'succeeded')
    expect(await refunds(order.id)).toEqual([{ cause: 'staff', state: 'succeeded', requestedBy: 'staff:alice' }])
    expect(readableMail(await waitForMail(t.dataDir, order.user.email, 10_000, (text) => text.includes('Bought by mistake')))).toContain(
      order.orderNo,
    )
    expect((await audit(order.id)).filter((a) => a.actor === 'staff:alice').map((a) => a.action)).toEqual(['refund-queued', 'staff-refund'])
    // A second refund of the same order is refused.
    await expect(t.app.paymentCases.staffRefund(order.orderNo, 'again', 'staff:alice')).rejects.toMatchObject({ code: 300302 })

    // Money that arrives for it later (a trade at the other gateway) goes back too: a refunded order is never revived.
    const late = await postNotification(
      t.app,
      await signedAlipayNotification({ orderNo: order.orderNo, amount: 29900, tradeNo: 'T-after-staff-refund' }),
    )
    expect(late.body).toBe('success')
    expect(await orderStatus(t.app, order.id)).toBe('2')
    expect((await refunds(order.id)).map((r) => r.cause)).toEqual(['staff', 'late-payment'])
    expect((await listCases(t.app.db.sequelize, 'refunded')).map((r) => r.orderNo)).toContain(order.orderNo)
    // The sandbox holds no trade 'T-after-staff-refund', so that refund waits on the staff's list.
    expect((await listCases(t.app.db.sequelize, 'refund-required')).map((r) => r.orderNo)).toContain(order.orderNo)
    // To the buyer, money the gateway has not yet returned is on its way.
    const [listed] = body(await order.api.post(`${BRIEF}/orderList`, { pageNo: 1, pageSize: 10 })).data.list
    expect(listed).toMatchObject({ orderNo: order.orderNo, status: '2', refund: { state: 'refunding', amount: 598 } })
  })
})
