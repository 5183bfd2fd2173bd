import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readableMail, registerUser, waitForMail, type RegisteredUser } from '../../../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import {
  authed,
  bulletinWithFile,
  expectStampedCopy,
  orderStatus,
  pressCashier,
  reportWithPrices,
  samplePdf,
} from '../../../helpers/orders.ts'
import { staffCaller, type Call } from '../../../helpers/staff-reports.ts'

// The staff desk's orders through the real app, its database and
// the payment sandbox: the list's filters and totals, an order's payment
// events, a refund through the gateway (audited, never doubled), the close
// of an unpaid order, resending the mail, delivering a research order's
// file, the payment cases, and who may do what.
let t: TestApp
let finance: { name: string; call: Call; raw: Call; token: string }
let sales: { call: Call }
let editor: { raw: Call }
const BRIEF = '/report/websiteUserOrder'
const RESEARCH = '/report/websiteUserResearchOrder'

beforeAll(async () => {
  t = await buildTestApp({ SITE_URL: 'http://site.test', PAYMENT_RETRY_DELAY_SECONDS: 1, JOB_POLL_INTERVAL_SECONDS: 0.5 }, { listen: true })
  finance = await staffCaller(t.app, 'finance')
  sales = await staffCaller(t.app, 'sales')
  editor = await staffCaller(t.app, 'editor')
})
afterAll(() => t?.close())

const q = <T extends object>(sql: string, bind: unknown[] = []) => t.app.db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT })

async function until<T>(find: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = await find()
    if (found !== undefined && found !== false) return found
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** A bulletin order started at a gateway, paid there when `paid`. */
async function bulletinOrder(payMethod: 'zfb' | 'wx', paid: boolean, user?: RegisteredUser) {
  const buyer = user ?? (await registerUser(t.app))
  const { bulletin } = await bulletinWithFile(t.app)
  const api = authed(t.app, buyer.token)
  const answer = body(await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: String(bulletin.id), payMethod, payPrice: 299 }))
  expect(answer.code).toBe(200)
  const order = answer.data as { id: string; orderNo: string; orderPayUrl: string }
  if (paid) {
    await pressCashier(order.orderPayUrl, 'success')
    expect(await orderStatus(t.app, order.id)).toBe('1')
  }
  return { ...order, user: buyer }
}

const staffAudit = (target: string) =>
  q<{ actor: string; action: string; after: Record<string, unknown> }>(
    `SELECT actor, action, after FROM staff_audit WHERE target = $1 ORDER BY id`,
    [target],
  )

describe('the order list', () => {
  it('filters by buyer, method, state, number, amount and day, pages newest first, and totals the filtered set', async () => {
    const buyer = await registerUser(t.app)
    const a = await bulletinOrder('zfb', true, buyer)
    const b = await bulletinOrder('wx', true, buyer)
    const c = await bulletinOrder('wx', false, buyer)
    const mine = await finance.call('GET', `/staff/orders?buyer=${encodeURIComponent(buyer.email.toUpperCase())}&pageSize=2`)
    expect(mine.code).toBe(200)
    expect(mine.data.count).toBe(3)
    expect(mine.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([c.orderNo, b.orderNo])
    expect(mine.data.list[0]).toMatchObject({ state: 'unpaid', method: 'wechatpay', amount: 299, currency: 'CNY', kind: 'brief' })
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date())
    expect(mine.data.totals.byMethod).toEqual([
      { method: 'alipay', currency: 'CNY', count: 1, amount: 299 },
      { method: 'wechatpay', currency: 'CNY', count: 2, amount: 598 },
    ])
    expect(mine.data.totals.byDay).toEqual([
      { day: today, method: 'alipay', currency: 'CNY', count: 1, amount: 299 },
      { day: today, method: 'wechatpay', currency: 'CNY', count: 2, amount: 598 },
    ])
    const byLogin = `buyer=${encodeURIComponent(buyer.loginCode)}`
    const paidWechat = await sales.call('GET', `/staff/orders?${byLogin}&state=paid&method=wechatpay`)
    expect(paidWechat.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([b.orderNo])
    expect((await finance.call('GET', `/staff/orders?orderNo=${a.orderNo}`)).data.list.map((o: { buyer: string }) => o.buyer)).toEqual([
      buyer.loginCode,
    ])
    expect((await finance.call('GET', `/staff/orders?${byLogin}&minAmount=300`)).data.count).toBe(0)
    expect((await finance.call('GET', `/staff/orders?${byLogin}&minAmount=299&maxAmount=299.00`)).data.count).toBe(3)
    expect((await finance.call('GET', `/staff/orders?${byLogin}&from=${today}&to=${today}`)).data.count).toBe(3)
    expect((await finance.call('GET', `/staff/orders?${byLogin}&to=2020-01-01`)).data).toMatchObject({ count: 0, totals: { byDay: [] } })
    const ascending = await finance.call('GET', `/staff/orders?${byLogin}&sort=createdAt&order=asc`)
    expect(ascending.data.list[0].orderNo).toBe(a.orderNo)
  })

  it('refuses bad filters with the 400 envelope, never a 500', async () => {
    for (const query of ['from=2026-02-30', 'from=2026-11-02&to=2026-11-01', 'minAmount=5&maxAmount=1', 'state=lost', 'pageSize=1000']) {
      const res = await finance.raw('GET', `/staff/orders?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(body(res).data).toBeNull()
    }
    expect(body(await finance.raw('GET', '/staff/orders?from=2026-02-30')).code).toBe(300306)
    const missing = await finance.raw('GET', '/staff/orders/R000000000000000?lang=zh-CN')
    expect(missing.statusCode).toBe(404)
    expect(body(missing)).toMatchObject({ code: 300301, msg: '订单不存在' })
    expect((await finance.raw('GET', '/staff/orders/..%2Fetc')).statusCode).toBe(400)
    expect((await finance.raw('POST', '/staff/orders/R000000000000000/refund', { reason: '   ' })).statusCode).toBe(400)
    expect((await finance.raw('POST', '/staff/orders/R000000000000000/refund', {})).statusCode).toBe(400)
  })
})

describe("an order's page and its actions", () => {
  it('refunds a paid order through the gateway once, audited, with every payment event on the page', async () => {
    const order = await bulletinOrder('wx', true)
    const page = await sales.call('GET', `/staff/orders/${order.orderNo}`)
    expect(page.data).toMatchObject({
      orderNo: order.orderNo,
      state: 'paid',
      method: 'wechatpay',
      lines: [{ amount: 299 }],
      account: { login: order.user.loginCode, email: order.user.email },
    })
    expect(page.data.events.some((e: { source: string }) => e.source === 'notification')).toBe(true)

    const refunded = await finance.call('POST', `/staff/orders/${order.orderNo}/refund`, { reason: 'Bought by mistake' })
    expect(refunded).toMatchObject({ code: 200, data: { orderNo: order.orderNo, state: 'refunded' } })
    expect(refunded.data.refundNo).toMatch(/^RF[0-9A-F]{30}$/)
    // A second refund, however soon: refused with its own code, and nothing more at the gateway.
    const again = await finance.raw('POST', `/staff/orders/${order.orderNo}/refund`, { reason: 'again' })
    expect(again.statusCode).toBe(409)
    expect(body(again)).toMatchObject({ code: 300302, data: null })

    await until(
      async () =>
        (await q<{ state: string }>(`SELECT state FROM payment_refund WHERE order_id = $1`, [order.id]))[0]?.state === 'succeeded',
    )
    expect(await q(`SELECT requested_by AS "by" FROM payment_refund WHERE order_id = $1`, [order.id])).toEqual([
      { by: `staff:${finance.name}` },
    ])
    expect(readableMail(await waitForMail(t.dataDir, order.user.email, 10_000, (text) => text.includes('Bought by mistake')))).toContain(
      order.orderNo,
    )
    expect(await staffAudit(order.orderNo)).toEqual([
      { actor: finance.name, action: 'order.refund', after: { refundNo: refunded.data.refundNo, reason: 'Bought by mistake' } },
    ])
    const after = await finance.call('GET', `/staff/orders/${order.orderNo}`)
    expect(after.data).toMatchObject({ state: 'refunded', refund: { state: 'refunded', amount: 299 } })
    expect(after.data.refunds).toMatchObject([{ cause: 'staff', state: 'succeeded', reason: 'Bought by mistake', amount: 299 }])
    const trail = after.data.events.filter((e: { source: string }) => e.source === 'audit')
    expect(trail.filter((e: { actor: string }) => e.actor === `staff:${finance.name}`).map((e: { action: string }) => e.action)).toEqual([
      'refund-queued',
      'staff-refund',
    ])
    expect((await finance.call('GET', '/staff/orders/cases?state=refunded')).data.map((c: { orderNo: string }) => c.orderNo)).toContain(
      order.orderNo,
    )
  })

  it('closes an unpaid order at its gateway, and only an unpaid one', async () => {
    const order = await bulletinOrder('wx', false)
    expect(body(await finance.raw('POST', `/staff/orders/${order.orderNo}/refund`, { reason: 'unpaid' })).code).toBe(300303)
    const closed = await finance.call('POST', `/staff/orders/${order.orderNo}/close`, {})
    expect(closed).toMatchObject({ code: 200, data: { state: 'cancelled', closes: 1 } })
    await until(
      async () => (await q<{ state: string }>(`SELECT state FROM payment_close WHERE order_id = $1`, [order.id]))[0]?.state === 'closed',
    )
    expect(t.gateway.books.trade('wechatpay', 'outTradeNo', order.orderNo)?.state).not.toBe('WAIT')
    const again = await finance.raw('POST', `/staff/orders/${order.orderNo}/close`, {})
    expect(body(again)).toMatchObject({ code: 300304, data: null })
    expect((await staffAudit(order.orderNo)).map((a) => a.action)).toEqual(['order.close'])
    const page = await finance.call('GET', `/staff/orders/${order.orderNo}`)
    expect(page.data.closes).toMatchObject([{ provider: 'wechatpay', state: 'closed' }])
    expect(page.data.events.map((e: { action: string; actor: string }) => [e.action, e.actor])).toEqual([
      ['close-queued', `staff:${finance.name}`],
      ['closed', 'system'],
    ])
  })

  it("resends a paid order's mail, and delivers a research order's file from a streamed upload", async () => {
    const user = await registerUser(t.app)
    const api = authed(t.app, user.token)
    const { report } = await reportWithPrices(t.app)
    const saved = body(await api.post(`${RESEARCH}/save`, { reportId: String(report.id), edition: 'standard', licence: 'single' })).data
    const pay = body(await api.post(`${RESEARCH}/payOrder`, { id: saved.id, payMethod: 'zfb', payPrice: 6800 })).data
    expect(body(await finance.raw('PUT', `/staff/orders/${saved.orderNo}/file?name=final.pdf`)).code).toBe(300305)
    await pressCashier(pay.orderPayUrl, 'success')
    expect(await orderStatus(t.app, saved.id)).toBe('1')

    const resent = await finance.call('POST', `/staff/orders/${saved.orderNo}/resend`, {})
    expect(resent).toMatchObject({ code: 200, data: { mailQueued: true } })
    const mails = () => q<{ kind: string }>(`SELECT kind FROM outgoing_mail WHERE reference = $1 ORDER BY id`, [saved.orderNo])
    expect((await mails()).map((m) => m.kind)).toEqual(['order-paid', 'order-paid'])

    const bytes = await samplePdf()
    const delivered = await t.app.inject({
      method: 'PUT',
      url: `/staff/orders/${saved.orderNo}/file?name=${encodeURIComponent('最终报告.pdf')}`,
      payload: bytes,
      headers: { 'content-type': 'application/pdf', authorization: `Bearer ${finance.token}` },
    })
    expect(body(delivered)).toMatchObject({ code: 200, data: { orderNo: saved.orderNo, state: 'paid', mailQueued: true } })
    expect((await mails()).map((m) => m.kind)).toEqual(['order-paid', 'order-paid', 'order-delivered'])
    const file = await api.post(`${BRIEF}/downFile`, { id: saved.id })
    expectStampedCopy(file.rawPayload, bytes)
    expect((await staffAudit(saved.orderNo)).map((a) => a.action)).toEqual(['order.resend', 'order.deliver'])
  })
})

describe('who may', () => {
  it('refuses an editor every order call, and sales the actions', async () => {
    const order = await bulletinOrder('zfb', true)
    const calls: [string, string, Record<string, unknown>?][] = [
      ['GET', '/staff/orders'],
      ['GET', '/staff/orders/cases'],
      ['GET', `/staff/orders/${order.orderNo}`],
      ['POST', `/staff/orders/${order.orderNo}/refund`, { reason: 'no' }],
      ['POST', `/staff/orders/${order.orderNo}/close`, {}],
      ['POST', `/staff/orders/${order.orderNo}/resend`, {}],
      ['PUT', `/staff/orders/${order.orderNo}/file?name=a.pdf`, {}],
    ]
    for (const [method, url, payload] of calls) {
      const res = await editor.raw(method as 'GET', url, payload)
      expect(res.statusCode, url).toBe(403)
      expect(body(res)).toMatchObject({ code: 300004, data: null })
    }
    const salesRefund = await sales.call('POST', `/staff/orders/${order.orderNo}/refund`, { reason: 'no' })
    expect(salesRefund.code).toBe(300004)
    expect(await orderStatus(t.app, order.id)).toBe('1')
    expect(await q(`SELECT 1 FROM payment_refund WHERE order_id = $1`, [order.id])).toEqual([])
  })
})
