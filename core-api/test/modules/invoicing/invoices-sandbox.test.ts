import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { startInvoiceSandbox, type RunningInvoiceSandbox } from '../../helpers/invoice-sandbox.ts'
import { staffCaller, type Call } from '../../helpers/staff-reports.ts'
import { buyer, companyTitle, paidOrder, q, staffAudit, TITLES, type Buyer } from './invoicing-harness.ts'

// Invoices through the real app, its database and the invoice sandbox as its
// own process (INVOICE_PROVIDER=sandbox): the buyer's request (one per paid
// order, the title copied), issuing through the provider's signed HTTP API
// (idempotent, audited, mailed), the buyer's download, and a refund that
// reverses the invoice first and is refused while the invoice stands.
let t: TestApp
let provider: RunningInvoiceSandbox
let finance: { name: string; token: string; call: Call; raw: Call }
let sales: { call: Call }

beforeAll(async () => {
  provider = await startInvoiceSandbox()
  t = await buildTestApp({ ...provider.settings, SITE_URL: 'http://site.test' })
  finance = await staffCaller(t.app, 'finance')
  sales = await staffCaller(t.app, 'sales')
})
afterAll(async () => {
  await t?.close()
  await provider?.stop()
})

async function requested(me: Buyer, type: '82' | '81' = '82') {
  const order = await paidOrder(t.app, me)
  const titleId = await companyTitle(me)
  const answer = await me.post('/report/invoice/request', { orderNo: order.orderNo, titleId, type })
  expect(answer.code).toBe(200)
  return { ...order, titleId }
}

describe('the request', () => {
  it('takes one invoice per paid order, for the amount paid, with the title copied', async () => {
    const me = await buyer(t.app)
    const order = await paidOrder(t.app, me)
    const titleId = await companyTitle(me)
    const answer = await me.post('/report/invoice/request', { orderNo: order.orderNo, titleId, type: '82' })
    expect(answer).toMatchObject({
      code: 200,
      data: { status: 'requested', type: '82', title: '示例科技有限公司', number: null, amount: 299, currency: 'CNY', downloadUrl: null },
    })
    expect(await me.post('/report/invoice/request', { orderNo: order.orderNo, titleId, type: '82' })).toMatchObject({ code: 300702 })
    // A later change of the title changes no request.
    await me.post(`${TITLES}/save`, { id: titleId, kind: 'personal', name: '改名以后' })
    const documents = await me.post('/report/orderDocuments/get', { orderNo: order.orderNo })
    expect(documents).toMatchObject({
      code: 200,
      data: { orderNo: order.orderNo, invoice: { title: '示例科技有限公司' }, proforma: null, shipment: null },
    })
  })

  it('refuses an order not paid, another buyer’s order or title, and a type the order or title cannot have', async () => {
    const me = await buyer(t.app)
    const other = await buyer(t.app)
    const order = await paidOrder(t.app, me)
    const titleId = await companyTitle(me)
    expect(await other.post('/report/invoice/request', { orderNo: order.orderNo, titleId, type: '82' })).toMatchObject({ code: 100004 })
    expect(
      await me.post('/report/invoice/request', { orderNo: order.orderNo, titleId: await companyTitle(other), type: '82' }),
    ).toMatchObject({
      code: 300701,
    })
    // 81 needs a company title with its bank details; commercial is the English edition's.
    expect(await me.post('/report/invoice/request', { orderNo: order.orderNo, titleId, type: '81' })).toMatchObject({ code: 300708 })
    expect(await me.post('/report/invoice/request', { orderNo: order.orderNo, titleId, type: 'commercial' })).toMatchObject({
      code: 300708,
    })
    expect(await other.post('/report/orderDocuments/get', { orderNo: order.orderNo })).toMatchObject({ code: 100004 })
    const unpaid = await me.post('/report/websiteUserOrder/payOrder', {
      researchBriefReportId: (
        await q<{ id: string }>(t.app, `SELECT product_id::text AS id FROM website_order WHERE order_no = $1`, [order.orderNo])
      )[0]!.id,
      payMethod: 'zfb',
      payPrice: 299,
    })
    expect(await me.post('/report/invoice/request', { orderNo: unpaid.data.orderNo, titleId, type: '82' })).toMatchObject({ code: 100010 })
    for (const payload of [
      {},
      { orderNo: 'x', titleId, type: '82' },
      { orderNo: order.orderNo, titleId, type: '80' },
      { orderNo: order.orderNo, titleId: '0', type: '82' },
    ]) {
      expect((await me.post('/report/invoice/request', payload)).code).toBe(100001)
    }
  })
})

describe('issuing through the sandbox provider', () => {
  it('issues a numbered PDF once, audits it, mails the buyer, and lets only the buyer download it', async () => {
    const me = await buyer(t.app)
    const { orderNo } = await requested(me)
    const issued = await finance.call('POST', `/staff/invoices/${orderNo}/issue`, {})
    expect(issued).toMatchObject({
      code: 200,
      data: { status: 'issued', provider: 'sandbox', title: { kind: 'company', taxNo: '914403001922038216' } },
    })
    expect(issued.data.number).toMatch(/^[0-9]{20}$/)
    // Idempotent: the same invoice again, nothing issued twice.
    expect((await finance.call('POST', `/staff/invoices/${orderNo}/issue`, {})).data.number).toBe(issued.data.number)
    expect((await staffAudit(t.app, orderNo)).map((row) => row.action)).toEqual(['invoice.issue'])

    const documents = await me.post('/report/orderDocuments/get', { orderNo })
    expect(documents.data.invoice).toMatchObject({
      status: 'issued',
      number: issued.data.number,
      downloadUrl: `/api/report/invoice/file?orderNo=${orderNo}`,
    })
    const file = await t.app.inject({
      method: 'GET',
      url: `/report/invoice/file?orderNo=${orderNo}`,
      headers: { 'website-token': me.user.token },
    })
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const stranger = await buyer(t.app)
    const refused = await t.app.inject({
      method: 'GET',
      url: `/report/invoice/file?orderNo=${orderNo}`,
      headers: { 'website-token': stranger.user.token },
    })
    expect(JSON.parse(refused.body).code).toBe(100004)

    const mails = await q<{ subject: string; body_text: string }>(
      t.app,
      `SELECT subject, body_text FROM outgoing_mail WHERE kind = 'invoice-issued' AND reference = $1`,
      [orderNo],
    )
    expect(mails).toHaveLength(1)
    expect(mails[0]!.body_text).toContain(issued.data.number)
    expect(mails[0]!.body_text).toContain(`http://site.test/personalCenter/order?orderNo=${orderNo}`)
    expect((await finance.call('POST', `/staff/invoices/${orderNo}/resend`, {})).code).toBe(200)
    expect((await staffAudit(t.app, orderNo)).map((row) => row.action)).toEqual(['invoice.issue', 'invoice.resend'])
  })

  it('shows the queue by status to finance, not to sales', async () => {
    const me = await buyer(t.app)
    const { orderNo } = await requested(me)
    const queue = await finance.call('GET', `/staff/invoices?status=requested&orderNo=${orderNo}`)
    expect(queue).toMatchObject({
      code: 200,
      data: { count: 1, list: [{ orderNo, status: 'requested', buyer: me.user.loginCode, amount: 299 }] },
    })
    expect((await sales.call('GET', '/staff/invoices')).code).toBe(300004)
    expect((await finance.call('GET', '/staff/invoices?status=nonsense')).code).toBe(100001)
    expect((await finance.call('POST', '/staff/invoices/NOSUCHORDER/issue', {})).code).toBe(300703)
    expect((await finance.call('POST', `/staff/invoices/${orderNo}/reverse`, {})).code).toBe(100001)
    expect((await finance.call('POST', `/staff/invoices/${orderNo}/reverse`, { reason: 'x' })).code).toBe(300706)
  })
})

describe('refunds', () => {
  it('refuses a refund while the invoice stands, on the refund path itself', async () => {
    const me = await buyer(t.app)
    const { orderNo } = await requested(me)
    await finance.call('POST', `/staff/invoices/${orderNo}/issue`, {})
    await expect(t.app.paymentCases.staffRefund(orderNo, 'test', 'staff:test')).rejects.toMatchObject({ key: 'INVOICE_STANDS' })
    const [order] = await q<{ status: string }>(t.app, `SELECT status FROM website_order WHERE order_no = $1`, [orderNo])
    expect(order!.status).toBe('1')
    expect(
      await q(t.app, `SELECT 1 FROM payment_refund r JOIN website_order o ON o.id = r.order_id WHERE o.order_no = $1`, [orderNo]),
    ).toEqual([])
  })

  it('reverses the invoice with a red-letter invoice first, then refunds', async () => {
    const me = await buyer(t.app)
    const { orderNo } = await requested(me)
    const issued = await finance.call('POST', `/staff/invoices/${orderNo}/issue`, {})
    const refund = await finance.call('POST', `/staff/orders/${orderNo}/refund`, { reason: '客户退款' })
    expect(refund).toMatchObject({ code: 200, data: { state: 'refunded' } })
    const [invoice] = (await finance.call('GET', `/staff/invoices?orderNo=${orderNo}`)).data.list
    expect(invoice).toMatchObject({ status: 'reversed', number: issued.data.number, files: [{ which: 'invoice' }, { which: 'red' }] })
    expect(invoice.redNumber).toMatch(/^[0-9]{20}$/)
    expect((await staffAudit(t.app, orderNo)).map((row) => row.action)).toEqual(['invoice.issue', 'invoice.reverse', 'order.refund'])
    const red = await t.app.inject({
      method: 'GET',
      url: `/staff/invoices/${orderNo}/file?which=red`,
      headers: { authorization: `Bearer ${finance.token}` },
    })
    expect(red.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect((await me.post('/report/orderDocuments/get', { orderNo })).data.invoice.status).toBe('reversed')
  })

  it('withdraws a request not yet issued when the order is refunded', async () => {
    const me = await buyer(t.app)
    const { orderNo } = await requested(me)
    expect((await finance.call('POST', `/staff/orders/${orderNo}/refund`, { reason: '客户退款' })).code).toBe(200)
    expect((await me.post('/report/orderDocuments/get', { orderNo })).data.invoice).toBeNull()
    expect((await finance.call('POST', `/staff/invoices/${orderNo}/issue`, {})).code).toBe(300706)
  })
})
