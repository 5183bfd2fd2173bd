import { createCipheriv, createDecipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto'
import { parseWechatTime } from '@rpt/payment-sandbox'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { wechatTime } from '../../../../src/modules/orders/payments/gateways/china-time.ts'
import { ProviderError, type RefundRequest } from '../../../../src/modules/orders/payments/gateways/types.ts'
import { useTimeZone } from '../../../helpers/time-zone.ts'
import {
  eventually,
  incoming,
  openCashier,
  paymentRequest,
  pressCashier,
  REFUND_NOTIFY_URL,
  refundRows,
  startSandboxes,
  tradeRow,
  WECHAT_PREFIX,
  type Harness,
} from './sandbox-harness.ts'

// The WeChat Pay provider against the payment sandbox over real HTTP: close,
// refund (PROCESSING, then REFUND.SUCCESS by notification), refund query and
// time_expire. Raw calls and decryption here use node:crypto alone, so a
// mistake the provider and the sandbox both make shows up.

let h: Harness

beforeAll(async () => {
  h = await startSandboxes({ refundDelayMs: 50 })
})

afterAll(async () => {
  await h?.close()
})

beforeEach(() => {
  h.reset()
})

const wx = (overrides: Parameters<typeof paymentRequest>[1] = {}) => paymentRequest('WX', { method: 'wx', ...overrides })

async function pay(payUrl: string): Promise<string> {
  expect((await pressCashier(h, payUrl, 'success')).statusCode).toBe(303)
  const verified = await h.wechat().verify(incoming(h.sent.at(-1)!))
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
    reason: 'Paid after the order expired',
    notifyUrl: REFUND_NOTIFY_URL,
    ...overrides,
  }
}

/** A merchant-signed call built by hand, and the answer with its signature checked by hand. */
async function rawCall(method: 'GET' | 'POST', path: string, body?: unknown) {
  const url = `${h.baseUrl}${WECHAT_PREFIX}${path}`
  const text = body === undefined ? '' : JSON.stringify(body)
  const timestamp = String(Math.floor(Date.now() / 1000))
  const nonce = randomBytes(16).toString('hex').toUpperCase()
  const signature = createSign('RSA-SHA256')
    .update(`${method}\n${WECHAT_PREFIX}${path}\n${timestamp}\n${nonce}\n${text}\n`, 'utf8')
    .sign(h.keys.wechatpay.merchant.privateKey, 'base64')
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `WECHATPAY2-SHA256-RSA2048 mchid="${h.keys.wechatpay.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${h.keys.wechatpay.merchantSerial}"`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: text }),
  })
  const answer = await res.text()
  const verified = createVerify('RSA-SHA256')
    .update(`${res.headers.get('wechatpay-timestamp')}\n${res.headers.get('wechatpay-nonce')}\n${answer}\n`, 'utf8')
    .verify(h.keys.wechatpay.platform.publicKey, res.headers.get('wechatpay-signature') ?? '', 'base64')
  return {
    status: res.status,
    text: answer,
    signed: verified,
    data: answer === '' ? undefined : (JSON.parse(answer) as Record<string, unknown>),
  }
}

function decrypt(resource: { ciphertext: string; nonce: string; associated_data: string }): Record<string, unknown> {
  const data = Buffer.from(resource.ciphertext, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(h.keys.wechatpay.apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'))
  decipher.setAuthTag(data.subarray(data.length - 16))
  decipher.setAAD(Buffer.from(resource.associated_data, 'utf8'))
  return JSON.parse(Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')) as Record<
    string,
    unknown
  >
}

const refundNotifications = () => h.sent.filter((n) => n.url === REFUND_NOTIFY_URL)

describe('close', () => {
  it('closes a waiting order with a signed 204 and an empty body; a closed order closes again and takes no payment', async () => {
    const wechat = h.wechat()
    const request = wx()
    const { payUrl } = await wechat.start(request)

    const raw = await rawCall('POST', `/v3/pay/transactions/out-trade-no/${request.orderNo}/close`, { mchid: h.keys.wechatpay.mchId })
    expect(raw).toMatchObject({ status: 204, text: '', signed: true })
    expect(await wechat.close(request.orderNo)).toEqual({ state: 'closed' })
    expect(tradeRow(h, 'wechatpay', request.orderNo)).toMatchObject({ state: 'CLOSED' })
    expect(await wechat.query(request.orderNo)).toEqual({ state: 'failed' })
    expect(
      (await rawCall('GET', `/v3/pay/transactions/out-trade-no/${request.orderNo}?mchid=${h.keys.wechatpay.mchId}`)).data,
    ).toMatchObject({ trade_state: 'CLOSED' })

    const page = await openCashier(h, payUrl, { 'accept-language': 'en-US' })
    expect(page.body).not.toContain('<form')
    expect(page.body).toContain('Trade closed')
    expect(page.body).toContain('交易已关闭')
    const pressed = await pressCashier(h, payUrl, 'success')
    expect(pressed.statusCode).toBe(200)
    expect(pressed.body).toContain('交易已关闭')
    expect(h.sent).toHaveLength(0)
    // WeChat answers ORDER_CLOSED to a new order under a closed order's number.
    await expect(wechat.start(request)).rejects.toThrow(/ORDER_CLOSED/)
  })

  it('answers paid, with the amount and transaction, when the buyer paid first', async () => {
    const wechat = h.wechat()
    const request = wx({ method: 'wx_h5', amount: 990 })
    const transactionId = await pay((await wechat.start(request)).payUrl)
    expect(await wechat.close(request.orderNo)).toEqual({ state: 'paid', amount: 990, providerTradeNo: transactionId })
    const raw = await rawCall('POST', `/v3/pay/transactions/out-trade-no/${request.orderNo}/close`, { mchid: h.keys.wechatpay.mchId })
    expect(raw).toMatchObject({ status: 400, signed: true, data: { code: 'ORDERPAID' } })
    expect(tradeRow(h, 'wechatpay', request.orderNo)).toMatchObject({ state: 'SUCCESS' })
  })

  it('answers not-found for an order WeChat never saw, and closes a failed one', async () => {
    const wechat = h.wechat()
    expect(await wechat.close('WXNEVERSEEN0001')).toEqual({ state: 'not-found' })
    const request = wx()
    const { payUrl } = await wechat.start(request)
    expect((await pressCashier(h, payUrl, 'fail')).statusCode).toBe(303)
    expect(await wechat.close(request.orderNo)).toEqual({ state: 'closed' })
  })

  it('refuses an answer not signed by the platform key, and a gateway that does not answer', async () => {
    const request = wx()
    await h.wechat().start(request)
    const other = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    })
    await expect(h.wechat({ platformPublicKey: other.publicKey }).close(request.orderNo)).rejects.toThrow(/signature/)
    // The gateway did close it; the caller, told nothing it can trust, retries and hears closed.
    expect(await h.wechat().close(request.orderNo)).toEqual({ state: 'closed' })
    await expect(h.wechat({ baseUrl: 'http://127.0.0.1:1' }).close(request.orderNo)).rejects.toBeInstanceOf(ProviderError)
  })
})

describe('time_expire', () => {
  it('is sent as RFC 3339 China time and kept by the gateway as that instant', async () => {
    const deadline = new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000)
    const request = wx({ expiresAt: new Date(deadline.getTime() + 450) })
    await h.wechat().start(request)
    const body = JSON.parse(h.received.at(-1)!.rawBody) as Record<string, unknown>
    expect(body.time_expire).toBe(wechatTime(deadline))
    expect(tradeRow(h, 'wechatpay', request.orderNo)!.expires_at).toEqual(deadline)
    // Set with the first order only: the same deadline again is fine, another is refused.
    await h.wechat().start(request)
    await expect(h.wechat().start({ ...request, expiresAt: new Date(deadline.getTime() + 60_000) })).rejects.toThrow(/INVALID_REQUEST/)
  })

  it('is kept at least a minute and at most 90 days after the order, as WeChat adjusts it', async () => {
    const before = Date.now()
    const soon = wx({ expiresAt: new Date(before - 1000) })
    const late = wx({ expiresAt: new Date(before + 200 * 86_400_000) })
    await h.wechat().start(soon)
    await h.wechat().start(late)
    const after = Date.now()
    const soonAt = tradeRow(h, 'wechatpay', soon.orderNo)!.expires_at!.getTime()
    const lateAt = tradeRow(h, 'wechatpay', late.orderNo)!.expires_at!.getTime()
    expect(soonAt).toBeGreaterThanOrEqual(before + 60_000)
    expect(soonAt).toBeLessThanOrEqual(after + 60_000)
    expect(lateAt).toBeGreaterThanOrEqual(before + 90 * 86_400_000)
    expect(lateAt).toBeLessThanOrEqual(after + 90 * 86_400_000)
    // A minute's grace: the order past its own deadline is still payable at WeChat, which is why it must be closed.
    expect(await h.wechat().query(soon.orderNo)).toEqual({ state: 'unpaid' })
  })

  it('past it, the cashier shows the order closed, Pay answers that it expired, and query says CLOSED', async () => {
    const wechat = h.wechat()
    const request = wx({ expiresAt: new Date(Date.now() + 60_000) })
    const { payUrl } = await wechat.start(request)
    expect((await openCashier(h, payUrl)).body).toContain('value="success"')
    // The clock moves past the deadline.
    h.books.trade('wechatpay', 'outTradeNo', request.orderNo)!.expiresAt = new Date(Date.now() - 1000)
    const page = await openCashier(h, payUrl)
    expect(page.body).not.toContain('<form')
    expect(page.body).toContain('已超过支付期限')
    expect(page.body).toContain('The payment deadline has passed')
    const pressed = await pressCashier(h, payUrl, 'success')
    expect(pressed.statusCode).toBe(200)
    expect(pressed.body).toContain('The payment deadline has passed')
    expect(h.sent).toHaveLength(0)
    expect(
      (await rawCall('GET', `/v3/pay/transactions/out-trade-no/${request.orderNo}?mchid=${h.keys.wechatpay.mchId}`)).data,
    ).toMatchObject({ trade_state: 'CLOSED' })
    expect(await wechat.query(request.orderNo)).toEqual({ state: 'failed' })
    expect(await wechat.close(request.orderNo)).toEqual({ state: 'closed' })
  })

  it('the gateway refuses a time_expire that is not RFC 3339', async () => {
    const res = await rawCall('POST', '/v3/pay/transactions/native', {
      appid: h.keys.wechatpay.appId,
      mchid: h.keys.wechatpay.mchId,
      description: 'x',
      out_trade_no: 'WXBADEXPIRE01',
      notify_url: 'https://merchant.test/n',
      time_expire: '2031-03-10 00:05:07',
      amount: { total: 1, currency: 'CNY' },
    })
    expect(res).toMatchObject({ status: 400, signed: true, data: { code: 'PARAM_ERROR' } })
  })
})

describe('refund', () => {
  it('answers PROCESSING, then after its answer has gone out succeeds with a REFUND.SUCCESS notification that verifies', async () => {
    const wechat = h.wechat()
    const request = wx()
    const transactionId = await pay((await wechat.start(request)).payUrl)
    const refund = refundOf(request.orderNo, transactionId)

    const started = await wechat.refund(refund)
    expect(started).toMatchObject({ state: 'processing', providerRefundNo: expect.stringMatching(/^50\d{27}$/) })
    const providerRefundNo = (started as { providerRefundNo: string }).providerRefundNo
    const sentBody = JSON.parse(h.received.find((r) => r.path === `${WECHAT_PREFIX}/v3/refund/domestic/refunds`)!.rawBody) as Record<
      string,
      unknown
    >
    expect(sentBody).toEqual({
      transaction_id: transactionId,
      out_refund_no: refund.refundNo,
      reason: refund.reason,
      notify_url: REFUND_NOTIFY_URL,
      amount: { refund: 123400, total: 123400, currency: 'CNY' },
    })

    await eventually(() => refundNotifications().length === 1)
    // The refund's answer went out before its notification did.
    const answered = h.events.indexOf(`answered POST ${WECHAT_PREFIX}/v3/refund/domestic/refunds`)
    expect(answered).toBeGreaterThanOrEqual(0)
    expect(answered).toBeLessThan(h.events.indexOf('delivered REFUND.SUCCESS'))

    const notification = refundNotifications()[0]!
    expect(await wechat.verify(incoming(notification))).toEqual({
      kind: 'refund',
      provider: 'wechatpay',
      refundNo: refund.refundNo,
      orderNo: request.orderNo,
      providerRefundNo,
      merchantId: h.keys.wechatpay.mchId,
      state: 'succeeded',
    })
    const event = JSON.parse(notification.body) as {
      event_type: string
      resource: { ciphertext: string; nonce: string; associated_data: string; original_type: string }
    }
    expect(event).toMatchObject({ event_type: 'REFUND.SUCCESS', resource: { associated_data: 'refund', original_type: 'refund' } })
    expect(decrypt(event.resource)).toMatchObject({
      mchid: h.keys.wechatpay.mchId,
      out_trade_no: request.orderNo,
      transaction_id: transactionId,
      out_refund_no: refund.refundNo,
      refund_id: providerRefundNo,
      refund_status: 'SUCCESS',
      amount: { total: 123400, refund: 123400 },
    })
    expect(parseWechatTime(decrypt(event.resource).success_time)).toBeInstanceOf(Date)

    expect(await wechat.queryRefund(refund.refundNo, request.orderNo)).toEqual({ state: 'succeeded', providerRefundNo })
    // Refunded in full: the trade reads REFUND, which the reconciliation query will not guess about.
    expect(
      (await rawCall('GET', `/v3/pay/transactions/out-trade-no/${request.orderNo}?mchid=${h.keys.wechatpay.mchId}`)).data,
    ).toMatchObject({ trade_state: 'REFUND' })
    await expect(wechat.query(request.orderNo)).rejects.toThrow(/REFUND/)
    expect(await wechat.close(request.orderNo)).toEqual({ state: 'paid', amount: 123400, providerTradeNo: transactionId })

    // The same out_refund_no again: the same refund, as it stands, and no second notification.
    expect(await wechat.refund(refund)).toEqual({ state: 'succeeded', providerRefundNo })
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(refundNotifications()).toHaveLength(1)
    expect(refundRows(h, 'wechatpay', request.orderNo)).toEqual([
      expect.objectContaining({ out_refund_no: refund.refundNo, state: 'SUCCESS', refund_key: providerRefundNo }),
    ])
  })

  it('is idempotent on out_refund_no while still processing', async () => {
    const wechat = h.wechat()
    const request = wx()
    const transactionId = await pay((await wechat.start(request)).payUrl)
    const refund = refundOf(request.orderNo, transactionId)
    const [first, second] = await Promise.all([wechat.refund(refund), wechat.refund(refund)])
    expect(second).toEqual(first)
    await eventually(() => refundNotifications().length === 1)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(refundNotifications()).toHaveLength(1)
    expect(refundRows(h, 'wechatpay', request.orderNo)).toHaveLength(1)
  })

  it('settles a due refund on query when nobody settled it, and notifies once', async () => {
    const wechat = h.wechat()
    const request = wx()
    await pay((await wechat.start(request)).payUrl)
    const refundNo = `RF${request.orderNo}`
    // Taken an hour ago by an instance that went away before settling it (so no timer of this one runs).
    const anHourAgo = new Date(Date.now() - 3600_000)
    h.books.addRefund({
      provider: 'wechatpay',
      refundKey: `50${Date.now()}0000000000000000`,
      outRefundNo: refundNo,
      outTradeNo: request.orderNo,
      amount: 123400,
      currency: 'CNY',
      reason: null,
      notifyUrl: REFUND_NOTIFY_URL,
      state: 'PROCESSING',
      createdAt: anHourAgo,
      updatedAt: anHourAgo,
    })
    expect(await wechat.queryRefund(refundNo, request.orderNo)).toMatchObject({ state: 'succeeded' })
    expect(await wechat.queryRefund(refundNo, request.orderNo)).toMatchObject({ state: 'succeeded' })
    await eventually(() => refundNotifications().length >= 1)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(refundNotifications()).toHaveLength(1)
  })

  it('refunds in part, never more than the trade took', async () => {
    const wechat = h.wechat()
    const request = wx({ amount: 1000 })
    const transactionId = await pay((await wechat.start(request)).payUrl)
    const part = (refundNo: string, amount: number) => refundOf(request.orderNo, transactionId, { refundNo, amount, total: 1000 })
    expect(await wechat.refund(part(`A${request.orderNo}`, 400))).toMatchObject({ state: 'processing' })
    expect(await wechat.refund(part(`B${request.orderNo}`, 700))).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('INVALID_REQUEST'),
    })
    expect(await wechat.refund(part(`C${request.orderNo}`, 600))).toMatchObject({ state: 'processing' })
    await eventually(() => refundRows(h, 'wechatpay', request.orderNo).every((r) => r.state === 'SUCCESS'))
    expect(refundRows(h, 'wechatpay', request.orderNo).map((r) => r.amount)).toEqual([400, 600])
    await eventually(() => tradeRow(h, 'wechatpay', request.orderNo)?.state === 'REFUND')
    // Another amount under a used out_refund_no is refused for good.
    expect(await wechat.refund(part(`A${request.orderNo}`, 401))).toMatchObject({ state: 'failed' })
  })

  it('refuses for good to refund an unpaid or unknown trade; an unknown refund is unknown', async () => {
    const wechat = h.wechat()
    const request = wx()
    await wechat.start(request)
    const { trade_no: tradeNo } = tradeRow(h, 'wechatpay', request.orderNo)!
    expect(await wechat.refund(refundOf(request.orderNo, tradeNo))).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('INVALID_REQUEST'),
    })
    expect(await wechat.refund(refundOf('WXNEVERSEEN0002', '4200000000000000000000000000'))).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('RESOURCE_NOT_EXISTS'),
    })
    expect(await wechat.queryRefund('RFNEVERSEEN', request.orderNo)).toEqual({ state: 'unknown' })
  })

  it('reports a refund WeChat closed or could not pay out (ABNORMAL) as failed', async () => {
    const wechat = h.wechat()
    const request = wx()
    const transactionId = await pay((await wechat.start(request)).payUrl)
    const refund = refundOf(request.orderNo, transactionId)
    await wechat.refund(refund)
    await eventually(() => refundRows(h, 'wechatpay', request.orderNo)[0]?.state === 'SUCCESS')
    h.books.refund('wechatpay', refund.refundNo)!.state = 'ABNORMAL'
    expect(await wechat.queryRefund(refund.refundNo, request.orderNo)).toEqual({ state: 'failed', reason: 'refund ABNORMAL' })
  })
})

describe('refund notifications built by hand', () => {
  function crafted(eventType: string, resource: Record<string, unknown>, originalType = 'refund') {
    const nonce = randomBytes(6).toString('hex')
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(h.keys.wechatpay.apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'))
    cipher.setAAD(Buffer.from('refund', 'utf8'))
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(resource), 'utf8'), cipher.final(), cipher.getAuthTag()]).toString(
      'base64',
    )
    const body = JSON.stringify({
      id: 'EV-REFUND-1',
      create_time: '2026-11-25T10:00:00+08:00',
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: '退款',
      resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext, nonce, associated_data: 'refund', original_type: originalType },
    })
    const timestamp = String(Math.floor(Date.now() / 1000))
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
      .sign(h.keys.wechatpay.platform.privateKey, 'base64')
    return incoming({
      url: '',
      body,
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': h.keys.wechatpay.platformSerial,
        'wechatpay-signature': signature,
      },
    })
  }
  const refund = (overrides: Record<string, unknown> = {}) => ({
    mchid: h.keys.wechatpay.mchId,
    out_trade_no: 'WXCRAFTED0001',
    transaction_id: '4200000000202611250000000001',
    out_refund_no: 'RFCRAFTED0001',
    refund_id: '50000000382019052709732678859',
    refund_status: 'SUCCESS',
    success_time: '2026-11-25T10:00:00+08:00',
    user_received_account: '支付用户零钱',
    amount: { total: 100, refund: 100, payer_total: 100, payer_refund: 100 },
    ...overrides,
  })

  it('maps REFUND.SUCCESS, REFUND.ABNORMAL and REFUND.CLOSED', async () => {
    const wechat = h.wechat()
    expect(await wechat.verify(crafted('REFUND.SUCCESS', refund()))).toMatchObject({
      kind: 'refund',
      refundNo: 'RFCRAFTED0001',
      orderNo: 'WXCRAFTED0001',
      state: 'succeeded',
    })
    expect(await wechat.verify(crafted('REFUND.ABNORMAL', refund({ refund_status: 'ABNORMAL' })))).toMatchObject({
      kind: 'refund',
      state: 'failed',
    })
    expect(await wechat.verify(crafted('REFUND.CLOSED', refund({ refund_status: 'CLOSED' })))).toMatchObject({
      kind: 'refund',
      state: 'failed',
    })
  })

  it('refuses another merchant, a resource of the wrong type, unknown events and statuses', async () => {
    const wechat = h.wechat()
    expect(await wechat.verify(crafted('REFUND.SUCCESS', refund({ mchid: '1900009999' })))).toBeUndefined()
    expect(await wechat.verify(crafted('REFUND.SUCCESS', refund(), 'transaction'))).toBeUndefined()
    expect(await wechat.verify(crafted('TRANSACTION.SUCCESS', refund()))).toBeUndefined()
    expect(await wechat.verify(crafted('REFUND.SOMETHING', refund()))).toBeUndefined()
    expect(await wechat.verify(crafted('REFUND.SUCCESS', refund({ refund_status: 'constructor' })))).toBeUndefined()
    expect(await wechat.verify(crafted('REFUND.SUCCESS', refund({ refund_id: '' })))).toBeUndefined()
  })
})

for (const zone of ['UTC', 'America/New_York']) {
  describe(`time_expire is China time with TZ=${zone}`, () => {
    useTimeZone(zone)

    it('in the body the gateway receives and verifies', async () => {
      expect(new Date(Date.UTC(2026, 0, 1)).getHours()).toBe(zone === 'UTC' ? 0 : 19)
      // The exact text the gateway received and verified; what it keeps is then bounded as WeChat bounds it (tested above).
      const request = wx({ expiresAt: new Date('2031-03-09T16:05:07.450Z') })
      await h.wechat().start(request)
      const received = h.received.filter((r) => r.path === `${WECHAT_PREFIX}/v3/pay/transactions/native`).at(-1)!
      expect((JSON.parse(received.rawBody) as { time_expire: string }).time_expire).toBe('2031-03-10T00:05:07+08:00')
    })
  })
}
