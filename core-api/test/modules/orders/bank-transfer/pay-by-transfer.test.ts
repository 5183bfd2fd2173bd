import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TRANSFER_REFERENCE_PATTERN } from '@rpt/contract'
import { proformaOfOrder } from '../../../../src/modules/orders/index.ts'
import { registerUser } from '../../../helpers/accounts.ts'
import { CN_ACCOUNT, EN_ACCOUNT, setBankAccounts } from '../../../helpers/bank-transfer.ts'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { authed, bulletinWithFile, reportWithPrices } from '../../../helpers/orders.ts'
import { readBack } from '../../../helpers/pdf-read-back.ts'

// payOrder with payMethod bank, for each kind of order, through the real app
// and database: the reference, amount, deadline, account and proforma link;
// the same answer when chosen again; the legacy methods' answers unchanged;
// refused under the earlier backend's prefix and without an account; the
// proforma PDF in the order's language; the order closing at its deadline.
let t: TestApp
const BRIEF = '/report/websiteUserOrder'
const RESEARCH = '/report/websiteUserResearchOrder'
const REFERENCE = new RegExp(TRANSFER_REFERENCE_PATTERN)

const q = <T extends object>(sql: string, bind: unknown[] = []) => t.app.db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT })

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

async function researchOrder(token: string, lang: 'zh-CN' | 'en-US' = 'zh-CN') {
  const { report } = await reportWithPrices(t.app, { file: true, lang })
  const saved = body(
    await authed(t.app, token).post(`${RESEARCH}/save`, { reportId: String(report.id), edition: 'standard', licence: 'enterprise', lang }),
  )
  expect(saved.code).toBe(200)
  return saved.data as { id: string; orderNo: string; payPrice: number }
}

describe('without an account set', () => {
  it('answers that bank transfer is unavailable, and leaves no unpaid order behind', async () => {
    const user = await registerUser(t.app)
    const { bulletin } = await bulletinWithFile(t.app)
    const answer = body(
      await authed(t.app, user.token).post(`${BRIEF}/payOrder`, {
        researchBriefReportId: String(bulletin.id),
        payMethod: 'bank',
        payPrice: 299,
      }),
    )
    expect(answer).toMatchObject({ code: 100901, msg: '暂不支持银行转账，请选择其他支付方式', data: null })
    const [row] = await q<{ status: string }>(`SELECT status FROM website_order WHERE user_id = $1`, [user.id])
    expect(row?.status).toBe('3')
  })
})

describe('payOrder with payMethod bank', () => {
  beforeAll(() => setBankAccounts(t.app))

  it('a bulletin order: reference, amount, deadline, account and proforma link; the same reference when chosen again', async () => {
    const user = await registerUser(t.app)
    const api = authed(t.app, user.token)
    const { bulletin } = await bulletinWithFile(t.app)
    const before = Date.now()
    const first = body(
      await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: String(bulletin.id), payMethod: 'bank', payPrice: 299 }),
    )
    expect(first.code).toBe(200)
    const { transfer } = first.data
    expect(first.data).toMatchObject({ payMethod: 'bank', orderPayUrl: `/api/orders/proforma?orderNo=${first.data.orderNo}` })
    expect(transfer.reference).toMatch(REFERENCE)
    expect(transfer).toMatchObject({ amount: 299, currency: 'CNY', account: CN_ACCOUNT, received: false })
    expect(transfer.downloadUrl).toBe(first.data.orderPayUrl)
    const deadline = Date.parse(transfer.deadline)
    expect(deadline).toBeGreaterThanOrEqual(before + 7 * 86_400_000 - 1000)
    expect(deadline).toBeLessThan(Date.now() + 7 * 86_400_000 + 1000)

    // By id, as My Orders pays an unpaid order again: the same reference and deadline.
    const again = body(await api.post(`${BRIEF}/payOrder`, { id: first.data.id, payMethod: 'bank', payPrice: 299 }))
    expect(again.data.transfer).toEqual(transfer)
    const [order] = await q<{ expiresAt: Date; payMethod: string }>(
      `SELECT expires_at AS "expiresAt", pay_method AS "payMethod" FROM website_order WHERE id = $1`,
      [first.data.id],
    )
    expect(order).toMatchObject({ payMethod: 'bank' })
    expect(order!.expiresAt.toISOString()).toBe(transfer.deadline)
    expect(await proformaOfOrder(t.app.db.sequelize, first.data.orderNo)).toEqual(transfer)
  })

  it('a research order in English: USD, the account with its SWIFT code; a wrong amount is 100008', async () => {
    const user = await registerUser(t.app)
    const api = authed(t.app, user.token)
    const order = await researchOrder(user.token, 'en-US')
    const wrong = body(await api.post(`${RESEARCH}/payOrder`, { id: order.id, payMethod: 'bank', payPrice: 1, lang: 'en-US' }))
    expect(wrong).toMatchObject({ code: 100008, data: null })
    const paid = body(await api.post(`${RESEARCH}/payOrder`, { id: order.id, payMethod: 'bank', payPrice: order.payPrice, lang: 'en-US' }))
    expect(paid.code).toBe(200)
    expect(paid.data.transfer).toMatchObject({ amount: order.payPrice, currency: 'USD', account: EN_ACCOUNT })
  })

  it('references are unique per order, and the database holds them so', async () => {
    const user = await registerUser(t.app)
    const references = new Set<string>()
    for (let i = 0; i < 5; i++) {
      const { bulletin } = await bulletinWithFile(t.app)
      const answer = body(
        await authed(t.app, user.token).post(`${BRIEF}/payOrder`, {
          researchBriefReportId: String(bulletin.id),
          payMethod: 'bank',
          payPrice: 299,
        }),
      )
      references.add(answer.data.transfer.reference)
    }
    expect(references.size).toBe(5)
    const [one] = await q<{ orderId: string; reference: string }>(
      `SELECT order_id::text AS "orderId", reference FROM bank_transfer LIMIT 1`,
    )
    const [other] = await q<{ orderId: string }>(`SELECT order_id::text AS "orderId" FROM bank_transfer WHERE order_id <> $1 LIMIT 1`, [
      one!.orderId,
    ])
    const clash = await t.app.db.sequelize
      .query(`UPDATE bank_transfer SET reference = $1 WHERE order_id = $2`, { bind: [one!.reference, other!.orderId] })
      .catch((error: Error) => error)
    expect((clash as Error).name).toBe('SequelizeUniqueConstraintError')
  })

  it('the legacy methods answer as before, and bank is refused under the earlier backend’s prefix', async () => {
    const user = await registerUser(t.app)
    const { bulletin } = await bulletinWithFile(t.app)
    const legacy = await t.app.inject({
      method: 'POST',
      url: `/js/a/api${BRIEF}/payOrder`,
      headers: { 'website-token': user.token },
      payload: { researchBriefReportId: String(bulletin.id), payMethod: 'bank', payPrice: 299 },
    })
    expect(JSON.parse(legacy.body)).toMatchObject({ code: 100007 })
    const alipay = body(
      await authed(t.app, user.token).post(`${BRIEF}/payOrder`, {
        researchBriefReportId: String(bulletin.id),
        payMethod: 'zfb',
        payPrice: 299,
      }),
    )
    expect(alipay.code).toBe(200)
    expect(Object.keys(alipay.data).sort()).toEqual(['id', 'orderNo', 'orderPayUrl', 'payMethod'])
    expect(alipay.data.payMethod).toBe('zfb')
    const unknown = body(
      await authed(t.app, user.token).post(`${BRIEF}/payOrder`, { id: alipay.data.id, payMethod: 'BANK', payPrice: 299 }),
    )
    expect(unknown).toMatchObject({ code: 100007 })
  })

  it('the proforma: a PDF in the order’s language with the reference, the account and the buyer’s company; only for its buyer', async () => {
    const user = await registerUser(t.app, { companyName: '上海示例科技有限公司' })
    const order = await researchOrder(user.token)
    const paid = body(
      await authed(t.app, user.token).post(`${RESEARCH}/payOrder`, { id: order.id, payMethod: 'bank', payPrice: order.payPrice }),
    )
    const url = `/orders/proforma?orderNo=${order.orderNo}`
    const pdf = await t.app.inject({ method: 'GET', url, headers: { 'website-token': user.token } })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    // Read as a PDF reader reads it (pdf.js): server-kit's small pdfText misreads some fonts' maps.
    const text = (await readBack(pdf.rawPayload)).text.join('\n')
    expect(text).toContain(paid.data.transfer.reference)
    expect(text).toContain('形式发票')
    expect(text).toContain('上海示例科技有限公司')
    expect(text).toContain(CN_ACCOUNT.number)
    expect(text).toContain('CNY 12,800.00')
    // The same order renders the same bytes.
    const again = await t.app.inject({ method: 'GET', url, headers: { 'website-token': user.token } })
    expect(again.rawPayload.equals(pdf.rawPayload)).toBe(true)

    const stranger = await registerUser(t.app)
    expect(body(await t.app.inject({ method: 'GET', url, headers: { 'website-token': stranger.token } }))).toMatchObject({ code: 100004 })
    expect(body(await t.app.inject({ method: 'GET', url }))).toMatchObject({ code: 200001 })
  })

  it('closes like the others once its deadline has passed', async () => {
    const user = await registerUser(t.app)
    const { bulletin } = await bulletinWithFile(t.app)
    const chosen = body(
      await authed(t.app, user.token).post(`${BRIEF}/payOrder`, {
        researchBriefReportId: String(bulletin.id),
        payMethod: 'bank',
        payPrice: 299,
      }),
    )
    // Not yet: an ordinary order's TTL is far shorter than the transfer's deadline.
    await q(`UPDATE website_order SET created_at = now() - interval '3 days' WHERE id = $1`, [chosen.data.id])
    await t.app.paymentIntake.reconcile()
    expect((await q<{ status: string }>(`SELECT status FROM website_order WHERE id = $1`, [chosen.data.id]))[0]!.status).toBe('0')
    await q(`UPDATE website_order SET expires_at = now() - interval '1 minute' WHERE id = $1`, [chosen.data.id])
    expect((await t.app.paymentIntake.reconcile()).expired).toBeGreaterThanOrEqual(1)
    const [closed] = await q<{ status: string; closedReason: string }>(
      `SELECT status, closed_reason AS "closedReason" FROM website_order WHERE id = $1`,
      [chosen.data.id],
    )
    expect(closed).toEqual({ status: '2', closedReason: 'expired' })
  })
})
