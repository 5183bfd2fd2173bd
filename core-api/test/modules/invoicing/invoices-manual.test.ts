import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { staffCaller, type Call } from '../../helpers/staff-reports.ts'
import { pdfBytes, PNG } from '../../helpers/uploads-fixtures.ts'
import { buyer, companyTitle, paidOrder, q, staffAudit, TITLES } from './invoicing-harness.ts'

// The manual provider (the default): finance issues on the national platform
// and uploads the file with its number; a refund of an invoiced order stops
// at "reversing" until the red-letter file is uploaded, then goes on. And the
// English edition's commercial invoice, rendered here, reversed by a credit note.
let t: TestApp
let finance: { name: string; token: string; call: Call }

beforeAll(async () => {
  t = await buildTestApp()
  finance = await staffCaller(t.app, 'finance')
})
afterAll(() => t?.close())

const upload = (orderNo: string, query: string, bytes: Buffer, token = finance.token) =>
  t.app.inject({
    method: 'PUT',
    url: `/staff/invoices/${orderNo}/file?${query}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    payload: bytes,
  })

const OFD = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....OFD.xml....'), Buffer.alloc(200, 7)])

describe('the manual provider', () => {
  it('issues by upload, holds the refund at reversing until the red-letter file is uploaded, then refunds', async () => {
    const me = await buyer(t.app)
    const { orderNo } = await paidOrder(t.app, me)
    const titleId = await companyTitle(me)
    expect((await me.post('/report/invoice/request', { orderNo, titleId, type: '82' })).code).toBe(200)
    expect(await finance.call('POST', `/staff/invoices/${orderNo}/issue`, {})).toMatchObject({ code: 300710 })

    const refusedType = JSON.parse((await upload(orderNo, 'which=invoice&number=26117000000000000001&name=a.png', PNG)).body)
    expect(refusedType.code).toBe(300709)
    expect(JSON.parse((await upload(orderNo, 'which=invoice&number=bad&name=a.pdf', pdfBytes())).body).code).toBe(100001)
    const uploaded = JSON.parse((await upload(orderNo, 'which=invoice&number=26117000000000000001&name=fapiao.pdf', pdfBytes())).body)
    expect(uploaded).toMatchObject({ code: 200, data: { status: 'issued', provider: 'manual', number: '26117000000000000001' } })
    const file = await t.app.inject({
      method: 'GET',
      url: `/report/invoice/file?orderNo=${orderNo}`,
      headers: { 'website-token': me.user.token },
    })
    expect(file.rawPayload.equals(pdfBytes())).toBe(true)

    // The refund reverses first: manual waits for the red-letter file, and the refund does not go through.
    expect(await finance.call('POST', `/staff/orders/${orderNo}/refund`, { reason: '客户退款' })).toMatchObject({ code: 300705 })
    const [invoice] = (await finance.call('GET', `/staff/invoices?orderNo=${orderNo}`)).data.list
    expect(invoice.status).toBe('reversing')
    expect((await q<{ status: string }>(t.app, `SELECT status FROM website_order WHERE order_no = $1`, [orderNo]))[0]!.status).toBe('1')
    await expect(t.app.paymentCases.staffRefund(orderNo, 'test', 'staff:test')).rejects.toMatchObject({ key: 'INVOICE_REVERSAL_PENDING' })

    expect(JSON.parse((await upload(orderNo, 'which=red&number=26117000000000000002&name=red.ofd', OFD)).body)).toMatchObject({
      code: 200,
      data: { status: 'reversed', redNumber: '26117000000000000002', files: [{ format: 'pdf' }, { format: 'ofd' }] },
    })
    expect(await finance.call('POST', `/staff/orders/${orderNo}/refund`, { reason: '客户退款' })).toMatchObject({ code: 200 })
    expect((await staffAudit(t.app, orderNo)).map((row) => row.action)).toEqual([
      'invoice.upload',
      'invoice.reverse',
      'invoice.upload',
      'order.refund',
    ])
  })

  it('refuses uploads from a role without invoices.act and on an invoice in the wrong state', async () => {
    const me = await buyer(t.app)
    const { orderNo } = await paidOrder(t.app, me)
    const titleId = await companyTitle(me)
    await me.post('/report/invoice/request', { orderNo, titleId, type: '82' })
    const editor = await staffCaller(t.app, 'editor')
    expect(
      JSON.parse((await upload(orderNo, 'which=invoice&number=26117000000000000009&name=a.pdf', pdfBytes(), editor.token)).body).code,
    ).toBe(300004)
    expect(JSON.parse((await upload(orderNo, 'which=red&number=26117000000000000009&name=a.pdf', pdfBytes())).body).code).toBe(300706)
    expect(await q(t.app, `SELECT 1 FROM staff_audit WHERE target = $1`, [orderNo])).toEqual([])
  })
})

describe('the English edition', () => {
  it('renders a numbered commercial invoice, and a credit note when the order is refunded', async () => {
    const me = await buyer(t.app)
    const { orderNo } = await paidOrder(t.app, me, 'en-US')
    const title = await me.post(`${TITLES}/save`, {
      lang: 'en-US',
      kind: 'company',
      name: 'Acme Analytics Ltd',
      address: '1 King St, London',
    })
    expect(await me.post('/report/invoice/request', { orderNo, titleId: title.data.id, type: '82', lang: 'en-US' })).toMatchObject({
      code: 300708,
    })
    const requested = await me.post('/report/invoice/request', { orderNo, titleId: title.data.id, type: 'commercial', lang: 'en-US' })
    expect(requested).toMatchObject({ code: 200, data: { type: 'commercial', currency: 'USD', amount: 6800 } })
    const issued = await finance.call('POST', `/staff/invoices/${orderNo}/issue`, {})
    expect(issued.data).toMatchObject({ status: 'issued', provider: 'commercial' })
    expect(issued.data.number).toMatch(/^INV-[0-9]{4}-[0-9]{6}$/)
    const mail = await q<{ subject: string }>(t.app, `SELECT subject FROM outgoing_mail WHERE kind = 'invoice-issued' AND reference = $1`, [
      orderNo,
    ])
    expect(mail[0]!.subject).toContain(`the invoice for order ${orderNo}`)
    expect(await finance.call('POST', `/staff/orders/${orderNo}/refund`, { reason: 'Customer asked' })).toMatchObject({ code: 200 })
    const [invoice] = (await finance.call('GET', `/staff/invoices?orderNo=${orderNo}`)).data.list
    expect(invoice.status).toBe('reversed')
    expect(invoice.redNumber).toMatch(/^CN-[0-9]{4}-[0-9]{6}$/)
  })
})
