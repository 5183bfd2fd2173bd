import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../helpers/build-app.ts'
import { paymentRequest } from './sandbox-harness.ts'

// The app's own payments plugin in sandbox mode: the providers it builds
// reach the mounted sandboxes for closes, refunds and refund queries (page-pay
// URLs on the public site, server-to-server calls on this API's own address).

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp({}, { listen: true })
})

afterAll(async () => {
  await t?.close()
})

function inject(url: string) {
  const { pathname, search } = new URL(url)
  return t.app.inject({ method: 'GET', url: `${pathname}${search}` })
}

describe('sandbox mode', () => {
  it('Alipay: close before and after the cashier opened, refund and refund query of an unpaid trade', async () => {
    const alipay = t.app.payments.forMethod('zfb')!
    const request = paymentRequest('ZFB', { method: 'zfb', notifyUrl: `${t.app.config.SITE_URL}/api/report/websiteUserResearchOrder/pay/asyncNotify` })
    const { payUrl } = await alipay.start(request)
    expect(await alipay.close(request.orderNo)).toEqual({ state: 'not-found' })
    expect((await inject(payUrl)).body).toContain('value="success"')
    expect(await alipay.close(request.orderNo)).toEqual({ state: 'closed' })
    expect((await inject(payUrl)).body).toContain('交易已关闭')
    expect(await alipay.refund({
      orderNo: request.orderNo, providerTradeNo: '', refundNo: `RF${request.orderNo}`, amount: 1, total: request.amount, currency: 'CNY', reason: 'test', notifyUrl: request.notifyUrl,
    })).toMatchObject({ state: 'failed', reason: expect.stringContaining('ACQ.TRADE_STATUS_ERROR') })
    expect(await alipay.queryRefund(`RF${request.orderNo}`, request.orderNo)).toEqual({ state: 'unknown' })
  })

  it('WeChat Pay: close, refund of an unpaid trade, refund query', async () => {
    const wechat = t.app.payments.forMethod('wx')!
    const request = paymentRequest('WX', { notifyUrl: `${t.app.config.SITE_URL}/api/report/websiteUserResearchOrder/pay/asyncNotify` })
    const { payUrl } = await wechat.start(request)
    expect(await wechat.close(request.orderNo)).toEqual({ state: 'closed' })
    expect((await inject(payUrl)).body).toContain('交易已关闭')
    expect(await wechat.close('WXNEVERSEEN0009')).toEqual({ state: 'not-found' })
    expect(await wechat.refund({
      orderNo: request.orderNo, providerTradeNo: '4200000000000000000000000000', refundNo: `RF${request.orderNo}`, amount: 1, total: request.amount,
      currency: 'CNY', reason: 'test', notifyUrl: request.notifyUrl,
    })).toMatchObject({ state: 'failed' })
    expect(await wechat.queryRefund(`RF${request.orderNo}`, request.orderNo)).toEqual({ state: 'unknown' })
  })
})
