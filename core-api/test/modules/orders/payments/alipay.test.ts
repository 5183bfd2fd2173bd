import { createSign, createVerify, generateKeyPairSync } from 'node:crypto'
import { AlipaySdk } from 'alipay-sdk'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseAlipayTime, signingString } from '@rpt/payment-sandbox'
import { alipayTime } from '../../../../src/modules/orders/payments/gateways/china-time.ts'
import { ProviderError, type RefundRequest } from '../../../../src/modules/orders/payments/gateways/types.ts'
import { useTimeZone } from '../../../helpers/time-zone.ts'
import {
  ALIPAY_PREFIX,
  incoming,
  openCashier,
  paymentRequest,
  pressCashier,
  refundRows,
  signedAnswerParts,
  startSandboxes,
  tradeRow,
  type Harness,
} from './sandbox-harness.ts'

// The Alipay provider against the payment sandbox over real HTTP: page pay,
// close, refund and refund query, time_expire, and the China-time timestamp
// every request carries whatever the host's zone.

let h: Harness

beforeAll(async () => {
  h = await startSandboxes()
})

afterAll(async () => {
  await h?.close()
})

beforeEach(() => {
  h.reset()
})

const zfb = (overrides: Parameters<typeof paymentRequest>[1] = {}) => paymentRequest('ZFB', { method: 'zfb', ...overrides })

/** Opens the cashier, presses Pay, and returns the trade_no the verified notification names. */
async function pay(payUrl: string): Promise<string> {
  expect((await openCashier(h, payUrl)).statusCode).toBe(200)
  const res = await pressCashier(h, payUrl, 'success')
  expect(res.statusCode).toBe(303)
  const notification = h.sent.at(-1)!
  const verified = await h.alipay().verify(incoming(notification))
  if (verified?.kind !== 'payment' || verified.outcome !== 'paid') throw new Error('expected a paid notification')
  return verified.providerTradeNo
}

function refundOf(orderNo: string, providerTradeNo: string, overrides: Partial<RefundRequest> = {}): RefundRequest {
  return {
    orderNo,
    providerTradeNo,
    refundNo: `RF${orderNo}`,
    amount: 123400,
    total: 123400,
    currency: 'CNY',
    reason: 'Order expired before the payment arrived',
    notifyUrl: 'https://merchant.test/refund-notify',
    ...overrides,
  }
}

/** The signed OpenAPI requests the gateway received for a method. */
function calls(method: string) {
  return h.received.filter((r) => r.path === `${ALIPAY_PREFIX}/gateway.do` && r.method === 'POST' && r.query.method === method)
}

/** A raw, signed alipay.trade.query through the SDK itself, to read the gateway's own words. */
async function rawTradeStatus(orderNo: string): Promise<unknown> {
  const sdk = new AlipaySdk({
    appId: h.keys.alipay.appId,
    privateKey: h.keys.alipay.app.privateKey,
    alipayPublicKey: h.keys.alipay.platform.publicKey,
    gateway: `${h.baseUrl}${ALIPAY_PREFIX}/gateway.do`,
    camelcase: false,
    keyType: 'PKCS8',
  })
  const answer = (await sdk.exec('alipay.trade.query', { bizContent: { out_trade_no: orderNo } }, { validateSign: true })) as Record<
    string,
    unknown
  >
  return answer.trade_status
}

describe('close', () => {
  it('answers not-found before the buyer opened the cashier, and the page-pay URL still pays afterwards (Alipay page pay)', async () => {
    const alipay = h.alipay()
    const request = zfb()
    const { payUrl } = await alipay.start(request)
    expect(await alipay.close(request.orderNo)).toEqual({ state: 'not-found' })
    expect(tradeRow(h, 'alipay', request.orderNo)).toBeUndefined()

    const tradeNo = await pay(payUrl)
    expect(await alipay.query(request.orderNo)).toEqual({ state: 'paid', amount: 123400, providerTradeNo: tradeNo })
    // After payment a close is refused (ACQ.TRADE_STATUS_ERROR) and the query says paid.
    expect(await alipay.close(request.orderNo)).toEqual({ state: 'paid', amount: 123400, providerTradeNo: tradeNo })
    expect(calls('alipay.trade.close').length).toBe(2)
  })

  it('closes an opened trade, then answers closed again; a closed cashier takes no payment', async () => {
    const alipay = h.alipay()
    const request = zfb({ method: 'zfb_h5' })
    const { payUrl } = await alipay.start(request)
    expect((await openCashier(h, payUrl)).body).toContain('value="success"')

    expect(await alipay.close(request.orderNo)).toEqual({ state: 'closed' })
    expect(await alipay.close(request.orderNo)).toEqual({ state: 'closed' })
    expect(tradeRow(h, 'alipay', request.orderNo)).toMatchObject({ state: 'CLOSED' })
    expect(await alipay.query(request.orderNo)).toEqual({ state: 'failed' })
    expect(await rawTradeStatus(request.orderNo)).toBe('TRADE_CLOSED')

    const page = (await openCashier(h, payUrl)).body
    expect(page).not.toContain('<form')
    expect(page).toContain('交易已关闭')
    expect(page).toContain('Trade closed')
    const pressed = await pressCashier(h, payUrl, 'success')
    expect(pressed.statusCode).toBe(200)
    expect(pressed.body).toContain('交易已关闭')
    expect(h.sent).toHaveLength(0)
    expect(tradeRow(h, 'alipay', request.orderNo)).toMatchObject({ state: 'CLOSED' })
  })

  it('closes a trade whose payment failed', async () => {
    const alipay = h.alipay()
    const request = zfb()
    const { payUrl } = await alipay.start(request)
    await openCashier(h, payUrl)
    expect((await pressCashier(h, payUrl, 'fail')).statusCode).toBe(303)
    expect(await alipay.close(request.orderNo)).toEqual({ state: 'closed' })
  })

  it('surfaces an answer not signed by the Alipay key it trusts as a ProviderError', async () => {
    const other = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    })
    const impostor = h.alipay({ alipayPublicKey: other.publicKey })
    await expect(impostor.close('ZFBUNKNOWN0001')).rejects.toBeInstanceOf(ProviderError)
    await expect(impostor.refund(refundOf('ZFBUNKNOWN0001', '2026'))).rejects.toBeInstanceOf(ProviderError)
    await expect(impostor.queryRefund('RF1', 'ZFBUNKNOWN0001')).rejects.toBeInstanceOf(ProviderError)
  })

  it('surfaces a gateway that does not answer as a ProviderError', async () => {
    const gone = h.alipay({ gateway: 'http://127.0.0.1:1/gateway.do', timeoutMs: 2000 })
    await expect(gone.close('ZFBUNKNOWN0002')).rejects.toBeInstanceOf(ProviderError)
  })
})

describe('time_expire', () => {
  it('is sent in China time and kept by the gateway as that instant', async () => {
    const request = zfb({ expiresAt: new Date('2031-03-09T16:05:07.450Z') })
    const { payUrl } = await h.alipay().start(request)
    const biz = JSON.parse(new URL(payUrl).searchParams.get('biz_content')!) as Record<string, unknown>
    expect(biz.time_expire).toBe('2031-03-10 00:05:07')
    await openCashier(h, payUrl)
    expect(tradeRow(h, 'alipay', request.orderNo)!.expires_at).toEqual(new Date('2031-03-09T16:05:07.000Z'))
  })

  it('past it, the cashier shows the trade closed, Pay answers that it expired, and query says TRADE_CLOSED', async () => {
    const alipay = h.alipay()
    const request = zfb({ expiresAt: new Date(Date.now() - 1000) })
    const { payUrl } = await alipay.start(request)
    const page = await openCashier(h, payUrl)
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toContain('<form')
    expect(page.body).toContain('交易已关闭')
    expect(page.body).toContain('已超过支付期限')
    expect(page.body).toContain('The payment deadline has passed')

    const pressed = await pressCashier(h, payUrl, 'success')
    expect(pressed.statusCode).toBe(200)
    expect(pressed.body).toContain('The payment deadline has passed')
    expect(h.sent).toHaveLength(0)
    expect(tradeRow(h, 'alipay', request.orderNo)).toMatchObject({ state: 'CLOSED' })
    expect(await rawTradeStatus(request.orderNo)).toBe('TRADE_CLOSED')
    expect(await alipay.query(request.orderNo)).toEqual({ state: 'failed' })
    expect(await alipay.close(request.orderNo)).toEqual({ state: 'closed' })
  })

  it('a trade opened in time closes once its deadline passes, even with the page still open', async () => {
    const alipay = h.alipay()
    const request = zfb({ expiresAt: new Date(Date.now() + 60_000) })
    const { payUrl } = await alipay.start(request)
    expect((await openCashier(h, payUrl)).body).toContain('value="success"')
    // The clock moves past the deadline.
    h.books.trade('alipay', 'outTradeNo', request.orderNo)!.expiresAt = new Date(Date.now() - 1000)
    expect((await pressCashier(h, payUrl, 'success')).body).toContain('交易已关闭')
    expect(h.sent).toHaveLength(0)
    expect(await alipay.query(request.orderNo)).toEqual({ state: 'failed' })
  })
})

describe('refund', () => {
  it('refunds a paid trade in full once, however often it is asked; the trade then reads TRADE_CLOSED', async () => {
    const alipay = h.alipay()
    const request = zfb()
    const { payUrl } = await alipay.start(request)
    const tradeNo = await pay(payUrl)
    const refund = refundOf(request.orderNo, tradeNo)

    expect(await alipay.queryRefund(refund.refundNo, request.orderNo)).toEqual({ state: 'unknown' })
    expect(await alipay.refund(refund)).toEqual({ state: 'succeeded', providerRefundNo: tradeNo })
    // A repeat answers 10000 with fund_change N; confirmed by query, it is the same refund.
    expect(await alipay.refund(refund)).toEqual({ state: 'succeeded', providerRefundNo: tradeNo })
    expect(refundRows(h, 'alipay', request.orderNo)).toEqual([
      expect.objectContaining({ out_refund_no: refund.refundNo, amount: 123400, state: 'SUCCESS' }),
    ])

    const sentBodies = calls('alipay.trade.refund').map((r) => JSON.parse(r.body.biz_content!) as Record<string, unknown>)
    expect(sentBodies[0]).toEqual({
      out_trade_no: request.orderNo,
      trade_no: tradeNo,
      refund_amount: '1234.00',
      out_request_no: refund.refundNo,
      refund_reason: refund.reason,
    })
    expect(await alipay.queryRefund(refund.refundNo, request.orderNo)).toEqual({ state: 'succeeded', providerRefundNo: tradeNo })
    expect(await rawTradeStatus(request.orderNo)).toBe('TRADE_CLOSED')
    expect(await alipay.close(request.orderNo)).toEqual({ state: 'closed' })
    // Further refunds of a closed trade are refused for good.
    expect(await alipay.refund(refundOf(request.orderNo, tradeNo, { refundNo: `RX${request.orderNo}`, amount: 1 }))).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('ACQ.TRADE_STATUS_ERROR'),
    })
  })

  it('refunds in part, never more than the trade took', async () => {
    const alipay = h.alipay()
    const request = zfb({ amount: 1000 })
    const tradeNo = await pay((await alipay.start(request)).payUrl)
    const part = (refundNo: string, amount: number) => refundOf(request.orderNo, tradeNo, { refundNo, amount, total: 1000 })

    expect(await alipay.refund(part(`A${request.orderNo}`, 300))).toMatchObject({ state: 'succeeded' })
    expect(await alipay.query(request.orderNo)).toMatchObject({ state: 'paid' })
    expect(await alipay.refund(part(`B${request.orderNo}`, 800))).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL'),
    })
    expect(await alipay.refund(part(`C${request.orderNo}`, 700))).toMatchObject({ state: 'succeeded' })
    expect(await rawTradeStatus(request.orderNo)).toBe('TRADE_CLOSED')
    expect(refundRows(h, 'alipay', request.orderNo).map((r) => r.amount)).toEqual([300, 700])
    // The same out_request_no with another amount is not the same refund.
    expect(await alipay.refund(part(`A${request.orderNo}`, 301))).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('ACQ.DISCORDANT_REPEAT_REQUEST'),
    })
  })

  it('refuses for good to refund a trade that was not paid, or that Alipay does not know', async () => {
    const alipay = h.alipay()
    const request = zfb()
    const { payUrl } = await alipay.start(request)
    await openCashier(h, payUrl)
    const { trade_no: tradeNo } = tradeRow(h, 'alipay', request.orderNo)!
    expect(await alipay.refund(refundOf(request.orderNo, tradeNo))).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('ACQ.TRADE_STATUS_ERROR'),
    })
    expect(await alipay.refund(refundOf('ZFBNEVERSEEN01', '2026000001'))).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('ACQ.TRADE_NOT_EXIST'),
    })
    expect(await alipay.queryRefund('RFNONE', 'ZFBNEVERSEEN01')).toEqual({ state: 'unknown' })
    expect(refundRows(h, 'alipay', request.orderNo)).toEqual([])
  })

  it('cuts the reason to 80 characters', async () => {
    const alipay = h.alipay()
    const request = zfb()
    const tradeNo = await pay((await alipay.start(request)).payUrl)
    await alipay.refund(refundOf(request.orderNo, tradeNo, { reason: '退'.repeat(100) }))
    const biz = JSON.parse(calls('alipay.trade.refund')[0]!.body.biz_content!) as Record<string, unknown>
    expect(biz.refund_reason).toBe('退'.repeat(80))
  })
})

describe("the gateway's own words", () => {
  it("answers OpenAPI calls signed over the response object's exact text, as Alipay does (see published-vectors)", async () => {
    const params: Record<string, string> = {
      app_id: h.keys.alipay.appId,
      method: 'alipay.trade.close',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTime(new Date()),
      version: '1.0',
      biz_content: JSON.stringify({ out_trade_no: 'ZFBNEVERSEEN03' }),
    }
    params.sign = createSign('RSA-SHA256')
      .update(signingString(params, ['sign']), 'utf8')
      .sign(h.keys.alipay.app.privateKey, 'base64')
    const res = await fetch(`${h.baseUrl}${ALIPAY_PREFIX}/gateway.do`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    })
    const { content, sign } = signedAnswerParts(await res.text(), 'alipay_trade_close_response')
    expect(JSON.parse(content)).toEqual({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' })
    expect(createVerify('RSA-SHA256').update(content, 'utf8').verify(h.keys.alipay.platform.publicKey, sign, 'base64')).toBe(true)
  })

  it('refuses a request whose signature does not cover what was sent', async () => {
    const params: Record<string, string> = {
      app_id: h.keys.alipay.appId,
      method: 'alipay.trade.close',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTime(new Date()),
      version: '1.0',
      biz_content: JSON.stringify({ out_trade_no: 'ZFBNEVERSEEN03' }),
    }
    params.sign = createSign('RSA-SHA256')
      .update(signingString(params, ['sign']), 'utf8')
      .sign(h.keys.alipay.app.privateKey, 'base64')
    params.biz_content = JSON.stringify({ out_trade_no: 'ZFBNEVERSEEN04' })
    const res = await fetch(`${h.baseUrl}${ALIPAY_PREFIX}/gateway.do`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    })
    expect(JSON.parse(signedAnswerParts(await res.text(), 'alipay_trade_close_response').content)).toMatchObject({
      code: '40002',
      sub_code: 'isv.invalid-signature',
    })
  })
})

describe('notifications', () => {
  it('are verified payment notifications (kind payment)', async () => {
    const alipay = h.alipay()
    const request = zfb()
    await pay((await alipay.start(request)).payUrl)
    expect(await alipay.verify(incoming(h.sent[0]!))).toMatchObject({
      kind: 'payment',
      provider: 'alipay',
      orderNo: request.orderNo,
      amount: 123400,
      outcome: 'paid',
    })
  })
})

for (const zone of ['UTC', 'America/New_York']) {
  describe(`every request's timestamp is China time with TZ=${zone}`, () => {
    useTimeZone(zone)

    it('the host really is in that zone', () => {
      // 2026-01-01T00:00:00Z is 00:00 in UTC and 19:00 the day before in New York.
      expect(new Date(Date.UTC(2026, 0, 1)).getHours()).toBe(zone === 'UTC' ? 0 : 19)
    })

    it('page pay, query, close, refund and refund query', async () => {
      const alipay = h.alipay()
      const before = Date.now()
      const request = zfb({ expiresAt: new Date('2031-03-09T16:05:07Z') })
      const { payUrl } = await alipay.start(request)
      const url = new URL(payUrl)
      const stamps = [url.searchParams.get('timestamp')]
      expect((JSON.parse(url.searchParams.get('biz_content')!) as { time_expire: string }).time_expire).toBe('2031-03-10 00:05:07')

      // Another order, for the calls that need an open trade.
      const other = zfb()
      const tradeNo = await pay((await alipay.start(other)).payUrl)
      await alipay.query(other.orderNo)
      await alipay.close(request.orderNo)
      await alipay.refund(refundOf(other.orderNo, tradeNo))
      await alipay.queryRefund(`RF${other.orderNo}`, other.orderNo)
      const after = Date.now()

      for (const method of ['alipay.trade.query', 'alipay.trade.close', 'alipay.trade.refund', 'alipay.trade.fastpay.refund.query']) {
        const received = calls(method)
        expect(received.length).toBeGreaterThan(0)
        // What the gateway received is exactly what the merchant signed (the sandbox checked the signature).
        stamps.push(...received.map((r) => r.query.timestamp ?? null))
      }
      for (const stamp of stamps) {
        expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
        const at = parseAlipayTime(stamp)!.getTime()
        expect(at).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000)
        expect(at).toBeLessThanOrEqual(after)
      }
      expect(alipayTime(new Date(parseAlipayTime(stamps[0])!))).toBe(stamps[0])
    })
  })
}
