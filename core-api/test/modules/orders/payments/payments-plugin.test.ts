import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { paymentRequest } from './sandbox-harness.ts'

// The app's own payments plugin with the merchant settings of a payment
// sandbox (test/helpers/gateway.ts): the providers it builds reach that
// gateway's URLs for page pay, closes, refunds and refund queries.

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp({}, { listen: true })
})

afterAll(async () => {
  await t?.close()
})

/** Opens a cashier as the buyer's browser would. */
async function open(url: string) {
  expect(url.startsWith(`${t.gateway.url}/`), url).toBe(true)
  return { body: await (await fetch(url)).text() }
}

describe('providers built from the merchant settings', () => {
  it('Alipay: close before and after the cashier opened, refund and refund query of an unpaid trade', async () => {
    const alipay = t.app.payments.forMethod('zfb')!
    const request = paymentRequest('ZFB', {
      method: 'zfb',
      notifyUrl: `${t.app.config.SITE_URL}/api/report/websiteUserResearchOrder/pay/asyncNotify`,
    })
    const { payUrl } = await alipay.start(request)
    expect(await alipay.close(request.orderNo)).toEqual({ state: 'not-found' })
    expect((await open(payUrl)).body).toContain('value="success"')
    expect(await alipay.close(request.orderNo)).toEqual({ state: 'closed' })
    expect((await open(payUrl)).body).toContain('交易已关闭')
    expect(
      await alipay.refund({
        orderNo: request.orderNo,
        providerTradeNo: '',
        refundNo: `RF${request.orderNo}`,
        amount: 1,
        total: request.amount,
        currency: 'CNY',
        reason: 'test',
        notifyUrl: request.notifyUrl,
      }),
    ).toMatchObject({ state: 'failed', reason: expect.stringContaining('ACQ.TRADE_STATUS_ERROR') })
    expect(await alipay.queryRefund(`RF${request.orderNo}`, request.orderNo)).toEqual({ state: 'unknown' })
  })

  it('WeChat Pay: close, refund of an unpaid trade, refund query', async () => {
    const wechat = t.app.payments.forMethod('wx')!
    const request = paymentRequest('WX', { notifyUrl: `${t.app.config.SITE_URL}/api/report/websiteUserResearchOrder/pay/asyncNotify` })
    const { payUrl } = await wechat.start(request)
    expect(await wechat.close(request.orderNo)).toEqual({ state: 'closed' })
    expect((await open(payUrl)).body).toContain('交易已关闭')
    expect(await wechat.close('WXNEVERSEEN0009')).toEqual({ state: 'not-found' })
    expect(
      await wechat.refund({
        orderNo: request.orderNo,
        providerTradeNo: '4200000000000000000000000000',
        refundNo: `RF${request.orderNo}`,
        amount: 1,
        total: request.amount,
        currency: 'CNY',
        reason: 'test',
        notifyUrl: request.notifyUrl,
      }),
    ).toMatchObject({ state: 'failed' })
    expect(await wechat.queryRefund(`RF${request.orderNo}`, request.orderNo)).toEqual({ state: 'unknown' })
  })
})
