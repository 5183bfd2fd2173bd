import { createCipheriv, createDecipheriv, createSign, generateKeyPairSync, randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { Books, generateKeys, sandbox, WECHATPAY_PREFIX } from '@rpt/payment-sandbox'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ProviderError, type IncomingNotification, type PaymentRequest } from '../../../../src/modules/orders/payments/gateways/types.ts'
import { WechatPayProvider, type WechatPayOptions } from '../../../../src/modules/orders/payments/gateways/wechatpay.ts'

// The provider against the payment sandbox over real HTTP, and the
// provider's verification against notifications built here with node:crypto
// alone, so a mistake the provider and the sandbox both make still shows up.

const PREFIX = WECHATPAY_PREFIX
// What a browser would use; the cashier is driven through inject under the same paths.
const PUBLIC_BASE = `http://cashier.test${PREFIX}`
const NOTIFY_URL = 'https://merchant.test/api/report/websiteUserResearchOrder/pay/asyncNotify'
const payBackUrl = (orderNo: string) => `https://merchant.test/personalCenter/payBack?orderNo=${encodeURIComponent(orderNo)}`

interface Sent {
  url: string
  headers: Record<string, string>
  body: string
}

const allKeys = generateKeys()
const keys = allKeys.wechatpay
const books = new Books()
const sent: Sent[] = []
let notifyStatus = 204
let app: FastifyInstance
let baseUrl: string

beforeAll(async () => {
  app = Fastify({ logger: false })
  await app.register(sandbox, {
    keys: allKeys,
    books,
    publicUrl: 'http://cashier.test',
    payBackUrl,
    deliver: async (url, request) => {
      sent.push({ url, headers: request.headers, body: request.body })
      return { status: notifyStatus, body: notifyStatus < 300 ? '' : '{"code":"FAIL","message":"busy"}' }
    },
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${PREFIX}`
})

afterAll(async () => {
  await app?.close()
})

beforeEach(() => {
  sent.length = 0
  notifyStatus = 204
})

function provider(overrides: Partial<WechatPayOptions> = {}) {
  return new WechatPayProvider({
    baseUrl,
    appId: keys.appId,
    mchId: keys.mchId,
    merchantPrivateKey: keys.merchant.privateKey,
    merchantSerial: keys.merchantSerial,
    platformPublicKey: keys.platform.publicKey,
    platformSerial: keys.platformSerial,
    apiV3Key: keys.apiV3Key,
    ...overrides,
  })
}

let sequence = 0
function payment(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  sequence += 1
  return {
    orderNo: `WX${Date.now()}${String(sequence).padStart(4, '0')}`,
    amount: 123400,
    currency: 'CNY',
    subject: 'Global <Widgets> & Gadgets Market Report 2026',
    method: 'wx',
    notifyUrl: NOTIFY_URL,
    returnUrl: 'https://merchant.test/back',
    clientIp: '203.0.113.7',
    expiresAt: new Date(Date.now() + 15 * 60_000),
    ...overrides,
  }
}

function cashierPath(payUrl: string): string {
  expect(payUrl.startsWith(`${PUBLIC_BASE}/cashier/`)).toBe(true)
  return new URL(payUrl).pathname
}

function openCashier(payUrl: string) {
  return app.inject({ method: 'GET', url: cashierPath(payUrl) })
}

function submitCashier(payUrl: string, result: string) {
  return app.inject({
    method: 'POST',
    url: cashierPath(payUrl),
    payload: `result=${encodeURIComponent(result)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

function incoming(notification: Sent | { headers: Record<string, string>; body: string }): IncomingNotification {
  return { headers: notification.headers, rawBody: notification.body, contentType: notification.headers['content-type'] ?? '' }
}

function tradeRow(orderNo: string) {
  const trade = books.trade('wechatpay', 'outTradeNo', orderNo)
  return (
    trade && {
      state: trade.state,
      amount: trade.amount,
      currency: trade.currency,
      subject: trade.subject,
      notify_url: trade.notifyUrl,
      app_id: trade.appId,
      merchant_id: trade.merchantId,
      trade_no: trade.tradeNo,
    }
  )
}

// ---- notifications built independently of src/modules/orders/payments/gateways/wechatpay.ts ----

function sign(message: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64')
}

function encrypt(apiV3Key: string, plaintext: string, associatedData: string) {
  const nonce = randomBytes(6).toString('hex')
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'))
  cipher.setAAD(Buffer.from(associatedData, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64')
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext, nonce, associated_data: associatedData, original_type: 'transaction' }
}

function decrypt(apiV3Key: string, resource: { ciphertext: string; nonce: string; associated_data: string }): unknown {
  const data = Buffer.from(resource.ciphertext, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'))
  decipher.setAuthTag(data.subarray(data.length - 16))
  decipher.setAAD(Buffer.from(resource.associated_data, 'utf8'))
  return JSON.parse(Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8'))
}

interface Crafted {
  transaction?: Record<string, unknown>
  apiV3Key?: string
  signingKey?: string
  serial?: string
  timestamp?: number
  body?: string
}

function craft(options: Crafted = {}) {
  const transaction = options.transaction ?? {
    appid: keys.appId,
    mchid: keys.mchId,
    out_trade_no: 'CRAFTED000001',
    transaction_id: '4200000000202611220000000001',
    trade_state: 'SUCCESS',
    success_time: '2026-11-22T20:00:00+08:00',
    amount: { total: 9900, payer_total: 9900, currency: 'CNY', payer_currency: 'CNY' },
  }
  const body =
    options.body ??
    JSON.stringify({
      id: 'EV-2018022511223320873',
      create_time: '2026-11-22T20:00:00+08:00',
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: encrypt(options.apiV3Key ?? keys.apiV3Key, JSON.stringify(transaction), 'transaction'),
    })
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000))
  const nonce = randomBytes(16).toString('hex')
  return {
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': options.serial ?? keys.platformSerial,
      'wechatpay-signature': sign(`${timestamp}\n${nonce}\n${body}\n`, options.signingKey ?? keys.platform.privateKey),
    },
    body,
  }
}

function otherRsaKey(): string {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey
}

// ---- tests ----

describe('start', () => {
  it('opens a Native order and answers the cashier as code_url', async () => {
    const request = payment()
    const { payUrl } = await provider().start(request)
    cashierPath(payUrl)
    expect(tradeRow(request.orderNo)).toMatchObject({
      state: 'WAIT',
      amount: 123400,
      currency: 'CNY',
      subject: request.subject,
      notify_url: NOTIFY_URL,
      app_id: keys.appId,
      merchant_id: keys.mchId,
    })
  })

  it('opens an H5 order and answers the cashier as h5_url', async () => {
    const request = payment({ method: 'wx_h5', amount: 500, currency: 'USD' })
    const { payUrl } = await provider().start(request)
    cashierPath(payUrl)
    expect(tradeRow(request.orderNo)).toMatchObject({ state: 'WAIT', amount: 500, currency: 'USD' })
  })

  it('keeps the cashier of a waiting order and takes the newest amount', async () => {
    const request = payment()
    const first = await provider().start(request)
    const second = await provider().start({ ...request, amount: 250_000 })
    expect(second.payUrl).toBe(first.payUrl)
    expect((await openCashier(second.payUrl)).body).toContain('¥ 2,500.00')
  })

  it('cuts the description to 127 characters', async () => {
    const request = payment({ subject: '市'.repeat(200) })
    await provider().start(request)
    expect(tradeRow(request.orderNo)).toMatchObject({ subject: '市'.repeat(127) })
  })

  it('refuses the methods of other providers', async () => {
    await expect(provider().start(payment({ method: 'zfb' }))).rejects.toBeInstanceOf(ProviderError)
  })
})

describe('cashier', () => {
  it('shows the amount, the order and Pay / Fail forms, escaped and uncached', async () => {
    const request = payment()
    const { payUrl } = await provider().start(request)
    const res = await openCashier(payUrl)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.body).toContain('¥ 1,234.00')
    expect(res.body).toContain(request.orderNo)
    expect(res.body).toContain('Global &lt;Widgets&gt; &amp; Gadgets')
    expect(res.body).not.toContain('<Widgets>')
    expect(res.body).toMatch(/SANDBOX/)
    expect(res.body).toContain('沙箱')
    expect(res.body).toContain(`action="${payUrl}"`)
    expect(res.body).toContain('name="result" value="success"')
    expect(res.body).toContain('name="result" value="fail"')
  })

  it('answers 404 for an unknown trade and 400 for an unknown result', async () => {
    expect((await app.inject({ method: 'GET', url: `${PREFIX}/cashier/nope` })).statusCode).toBe(404)
    const { payUrl } = await provider().start(payment())
    const res = await submitCashier(payUrl, 'maybe')
    expect(res.statusCode).toBe(400)
    expect(sent).toHaveLength(0)
    expect((await openCashier(payUrl)).body).toContain('value="success"')
  })
})

describe('paying', () => {
  it('notifies once, with a notification the provider verifies, then redirects back', async () => {
    const wechat = provider()
    const request = payment()
    const { payUrl } = await wechat.start(request)

    const res = await submitCashier(payUrl, 'success')
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(payBackUrl(request.orderNo))
    expect(sent).toHaveLength(1)
    const notification = sent[0]!
    expect(notification.url).toBe(NOTIFY_URL)
    expect(notification.headers['wechatpay-serial']).toBe(keys.platformSerial)
    expect(wechat.recognizes(incoming(notification))).toBe(true)

    const verified = await wechat.verify(incoming(notification))
    if (verified?.kind !== 'payment') throw new Error('expected a verified payment notification')
    expect(verified).toMatchObject({
      provider: 'wechatpay',
      orderNo: request.orderNo,
      amount: 123400,
      currency: 'CNY',
      appId: keys.appId,
      merchantId: keys.mchId,
      outcome: 'paid',
    })
    expect(verified.providerTradeNo).toMatch(/^\d{28}$/)

    // The resource decrypts with plain node:crypto as WeChat documents it.
    const event = JSON.parse(notification.body) as {
      event_type: string
      resource_type: string
      resource: { ciphertext: string; nonce: string; associated_data: string }
    }
    expect(event).toMatchObject({
      event_type: 'TRANSACTION.SUCCESS',
      resource_type: 'encrypt-resource',
      resource: { algorithm: 'AEAD_AES_256_GCM', associated_data: 'transaction' },
    })
    expect(event.resource.nonce).toHaveLength(12)
    expect(decrypt(keys.apiV3Key, event.resource)).toMatchObject({
      out_trade_no: request.orderNo,
      trade_state: 'SUCCESS',
      transaction_id: verified.providerTradeNo,
      amount: { total: 123400, payer_total: 123400 },
    })

    const again = await submitCashier(payUrl, 'success')
    expect(again.statusCode).toBe(303)
    expect(sent).toHaveLength(1)
    expect(await submitCashier(payUrl, 'fail').then((r) => r.statusCode)).toBe(303)
    expect(sent).toHaveLength(1)

    expect(await wechat.query(request.orderNo)).toEqual({ state: 'paid', amount: 123400, providerTradeNo: verified.providerTradeNo })
    const page = (await openCashier(payUrl)).body
    expect(page).not.toContain('<form')
    expect(page).toContain('支付成功')
    // Paid is final: WeChat answers ORDERPAID to a new order with the same number.
    await expect(wechat.start(request)).rejects.toThrow(/ORDERPAID/)
  })

  it('reports a failed payment as failed', async () => {
    const wechat = provider()
    const request = payment({ method: 'wx_h5' })
    const { payUrl } = await wechat.start(request)
    const res = await submitCashier(payUrl, 'fail')
    expect(res.statusCode).toBe(303)
    expect(sent).toHaveLength(1)
    expect(await wechat.verify(incoming(sent[0]!))).toMatchObject({ orderNo: request.orderNo, amount: 123400, outcome: 'failed' })
    expect(await wechat.query(request.orderNo)).toEqual({ state: 'failed' })
  })

  it('shows a note instead of redirecting when the merchant does not acknowledge', async () => {
    notifyStatus = 500
    const wechat = provider()
    const request = payment()
    const { payUrl } = await wechat.start(request)
    const res = await submitCashier(payUrl, 'success')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('HTTP 500')
    expect(res.body).toContain(payBackUrl(request.orderNo).replaceAll('&', '&amp;'))
    expect(sent).toHaveLength(1)
    expect(tradeRow(request.orderNo)).toMatchObject({ state: 'SUCCESS' })
    expect((await wechat.query(request.orderNo)).state).toBe('paid')
  })
})

describe('query', () => {
  it('reports a waiting order as unpaid and an unknown one as unknown', async () => {
    const wechat = provider()
    const request = payment()
    await wechat.start(request)
    expect(await wechat.query(request.orderNo)).toEqual({ state: 'unpaid' })
    expect(await wechat.query('NEVERHEARDOF01')).toEqual({ state: 'unknown' })
  })
})

describe('verify', () => {
  // Built once the sandbox listens: its base URL is known only then.
  let wechat: WechatPayProvider
  beforeAll(() => {
    wechat = provider()
  })

  it('accepts a notification built by the book (control for the refusals below)', async () => {
    expect(await wechat.verify(incoming(craft()))).toMatchObject({
      orderNo: 'CRAFTED000001',
      amount: 9900,
      outcome: 'paid',
      appId: keys.appId,
    })
  })

  it('refuses a body with one byte changed', async () => {
    const { headers, body } = craft()
    const at = body.indexOf('"ciphertext":"') + 20
    const flipped = `${body.slice(0, at)}${body[at] === 'A' ? 'B' : 'A'}${body.slice(at + 1)}`
    expect(flipped).not.toBe(body)
    expect(await wechat.verify(incoming({ headers, body: flipped }))).toBeUndefined()
    const idFlipped = body.replace('EV-2018', 'EV-2019')
    expect(await wechat.verify(incoming({ headers, body: idFlipped }))).toBeUndefined()
  })

  it('refuses a sandbox notification with one byte changed', async () => {
    const { payUrl } = await wechat.start(payment())
    await submitCashier(payUrl, 'success')
    const { headers, body } = sent[0]!
    expect(await wechat.verify(incoming({ headers, body }))).toBeDefined()
    expect(await wechat.verify(incoming({ headers, body: body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESs"') }))).toBeUndefined()
  })

  it('refuses another serial, a stale or future timestamp, and a signature by another key', async () => {
    expect(await wechat.verify(incoming(craft({ serial: 'ABCDEF0123456789' })))).toBeUndefined()
    expect(await wechat.verify(incoming(craft({ timestamp: Math.floor(Date.now() / 1000) - 301 })))).toBeUndefined()
    expect(await wechat.verify(incoming(craft({ timestamp: Math.floor(Date.now() / 1000) + 400 })))).toBeUndefined()
    expect(await wechat.verify(incoming(craft({ signingKey: otherRsaKey() })))).toBeUndefined()
    const lateClock = provider({ now: () => Date.now() + 10 * 60_000 })
    expect(await lateClock.verify(incoming(craft()))).toBeUndefined()
  })

  it('refuses a resource encrypted under another APIv3 key', async () => {
    expect(await wechat.verify(incoming(craft({ apiV3Key: randomBytes(16).toString('hex') })))).toBeUndefined()
  })

  it('refuses another merchant, missing headers and malformed bodies without throwing', async () => {
    const crafted = craft({
      transaction: {
        appid: keys.appId,
        mchid: '1900009999',
        out_trade_no: 'X12345',
        transaction_id: '1',
        trade_state: 'SUCCESS',
        amount: { total: 1, currency: 'CNY' },
      },
    })
    expect(await wechat.verify(incoming(crafted))).toBeUndefined()
    const { headers, body } = craft()
    const { 'wechatpay-signature': _dropped, ...unsigned } = headers
    expect(await wechat.verify(incoming({ headers: unsigned, body }))).toBeUndefined()
    expect(await wechat.verify(incoming(craft({ body: 'not json' })))).toBeUndefined()
    expect(
      await wechat.verify(
        incoming(
          craft({
            body: '{"resource_type":"encrypt-resource","resource":{"algorithm":"AEAD_AES_256_GCM","ciphertext":"AA==","nonce":"x"}}',
          }),
        ),
      ),
    ).toBeUndefined()
    expect(await wechat.verify({ headers: {}, rawBody: '', contentType: '' })).toBeUndefined()
  })

  it('recognizes only signed JSON', () => {
    expect(wechat.recognizes(incoming(craft()))).toBe(true)
    expect(
      wechat.recognizes({
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: 'sign=x&app_id=y',
        contentType: 'application/x-www-form-urlencoded',
      }),
    ).toBe(false)
    expect(wechat.recognizes({ headers: {}, rawBody: '{}', contentType: 'application/json' })).toBe(false)
  })
})

describe('signatures on calls', () => {
  it('the sandbox refuses a request signed with another merchant key', async () => {
    const request = payment()
    const impostor = provider({ merchantPrivateKey: otherRsaKey() })
    await expect(impostor.start(request)).rejects.toBeInstanceOf(ProviderError)
    await expect(impostor.start(request)).rejects.toThrow(/401 SIGN_ERROR/)
    await expect(impostor.query(request.orderNo)).rejects.toBeInstanceOf(ProviderError)
    expect(tradeRow(request.orderNo)).toBeUndefined()
  })

  it('the sandbox refuses another certificate serial and unsigned requests', async () => {
    await expect(provider({ merchantSerial: 'DEADBEEF' }).start(payment())).rejects.toThrow(/SIGN_ERROR/)
    const res = await fetch(`${baseUrl}/v3/pay/transactions/native`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ code: 'SIGN_ERROR' })
  })

  it('the provider refuses answers not signed by the platform key it trusts', async () => {
    const other = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    })
    await expect(provider({ platformPublicKey: other.publicKey }).start(payment())).rejects.toThrow(/signature/)
    await expect(provider({ platformSerial: 'NOT-THE-PLATFORM' }).query('NEVERHEARDOF01')).rejects.toBeInstanceOf(ProviderError)
  })

  it('a closed port is a ProviderError', async () => {
    const probe = Fastify()
    await probe.listen({ host: '127.0.0.1', port: 0 })
    const { port } = probe.server.address() as AddressInfo
    await probe.close()
    await expect(provider({ baseUrl: `http://127.0.0.1:${port}` }).query('ANY0000001')).rejects.toBeInstanceOf(ProviderError)
  })
})

describe('acknowledge', () => {
  it('answers 204 to accept and a FAIL JSON to refuse', () => {
    const wechat = provider()
    expect(wechat.acknowledge(true)).toEqual({ status: 204, contentType: 'text/plain', body: '' })
    const refused = wechat.acknowledge(false)
    expect(refused.status).toBe(400)
    expect(refused.contentType).toBe('application/json')
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'FAIL' })
  })
})
