import Fastify, { type FastifyInstance } from 'fastify'
import { ALIPAY_PREFIX, Books, generateKeys, sandbox, WECHATPAY_PREFIX, type GatewayKeys } from '@rpt/payment-sandbox'
import { freePort } from '../../../../../scripts/testkit/ports.ts'
import { AlipayProvider, type AlipayOptions } from '../../../../src/modules/orders/payments/gateways/alipay.ts'
import type { IncomingNotification, PaymentRequest } from '../../../../src/modules/orders/payments/gateways/types.ts'
import { WechatPayProvider, type WechatPayOptions } from '../../../../src/modules/orders/payments/gateways/wechatpay.ts'

// The payment sandbox (sandbox/ at the repository root) on a Fastify of its
// own, listening on loopback, so providers reach it over real HTTP as they
// reach Alipay and WeChat. The harness records what the gateways receive (to
// check the exact signed text), what they send to notify URLs, and when
// answers went out.

export { ALIPAY_PREFIX }
export const WECHAT_PREFIX = WECHATPAY_PREFIX
export const NOTIFY_URL = 'https://merchant.test/api/report/websiteUserResearchOrder/pay/asyncNotify'
export const REFUND_NOTIFY_URL = 'https://merchant.test/api/report/websiteUserResearchOrder/refund/asyncNotify'
export const payBackUrl = (orderNo: string) => `https://merchant.test/personalCenter/payBack?orderNo=${encodeURIComponent(orderNo)}`

export interface Sent {
  url: string
  headers: Record<string, string>
  body: string
}

export interface Received {
  method: string
  path: string
  query: Record<string, string>
  body: Record<string, string>
  rawBody: string
}

export interface Harness {
  app: FastifyInstance
  books: Books
  keys: GatewayKeys
  /** Notifications the gateways delivered, in order */
  sent: Sent[]
  /** Requests the gateways received, in order */
  received: Received[]
  /** 'answered <METHOD> <path>' and 'delivered <event or trade status>', in the order they happened */
  events: string[]
  /** What the merchant answers notifications with */
  notifyStatus: number
  baseUrl: string
  alipay(overrides?: Partial<AlipayOptions>): AlipayProvider
  wechat(overrides?: Partial<WechatPayOptions>): WechatPayProvider
  reset(): void
  close(): Promise<void>
}

function strings(source: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (source && typeof source === 'object') for (const [k, v] of Object.entries(source)) if (typeof v === 'string') out[k] = v
  return out
}

function eventName(notification: Sent): string {
  if (notification.headers['content-type']?.includes('json'))
    return String((JSON.parse(notification.body) as { event_type?: unknown }).event_type)
  return new URLSearchParams(notification.body).get('trade_status') ?? 'unknown'
}

export async function startSandboxes(options: { refundDelayMs?: number } = {}): Promise<Harness> {
  const keys = generateKeys()
  const books = new Books()
  const sent: Sent[] = []
  const received: Received[] = []
  const events: string[] = []
  const port = await freePort()

  const app = Fastify({ logger: false })
  app.addHook('preHandler', async (request) => {
    received.push({
      method: request.method,
      path: request.url.split('?')[0]!,
      query: strings(request.query),
      body: strings(request.body),
      rawBody: request.rawBody ?? '',
    })
  })
  app.addHook('onResponse', async (request) => {
    events.push(`answered ${request.method} ${request.url.split('?')[0]}`)
  })

  const harness: Harness = {
    app,
    books,
    keys,
    sent,
    received,
    events,
    notifyStatus: 204,
    baseUrl: `http://127.0.0.1:${port}`,
    alipay: (overrides = {}) =>
      new AlipayProvider({
        appId: keys.alipay.appId,
        privateKey: keys.alipay.app.privateKey,
        alipayPublicKey: keys.alipay.platform.publicKey,
        gateway: `${harness.baseUrl}${ALIPAY_PREFIX}/gateway.do`,
        ...overrides,
      }),
    wechat: (overrides = {}) =>
      new WechatPayProvider({
        baseUrl: `${harness.baseUrl}${WECHAT_PREFIX}`,
        appId: keys.wechatpay.appId,
        mchId: keys.wechatpay.mchId,
        merchantPrivateKey: keys.wechatpay.merchant.privateKey,
        merchantSerial: keys.wechatpay.merchantSerial,
        platformPublicKey: keys.wechatpay.platform.publicKey,
        platformSerial: keys.wechatpay.platformSerial,
        apiV3Key: keys.wechatpay.apiV3Key,
        ...overrides,
      }),
    reset() {
      sent.length = 0
      received.length = 0
      events.length = 0
      harness.notifyStatus = 204
    },
    async close() {
      await app.close()
    },
  }

  const deliver = async (url: string, request: { headers: Record<string, string>; body: string }) => {
    const notification = { url, headers: request.headers, body: request.body }
    sent.push(notification)
    events.push(`delivered ${eventName(notification)}`)
    const alipay = !request.headers['content-type']?.includes('json')
    const ok = harness.notifyStatus < 300
    return { status: harness.notifyStatus, body: alipay ? (ok ? 'success' : 'failure') : ok ? '' : '{"code":"FAIL","message":"busy"}' }
  }
  await app.register(sandbox, {
    keys,
    books,
    publicUrl: harness.baseUrl,
    deliver,
    payBackUrl,
    ...(options.refundDelayMs === undefined ? {} : { refundDelayMs: options.refundDelayMs }),
  })
  await app.listen({ host: '127.0.0.1', port })
  return harness
}

let sequence = 0
/** A payment request with a fresh order number and a deadline 15 minutes ahead. */
export function paymentRequest(prefix: string, overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  sequence += 1
  return {
    orderNo: `${prefix}${Date.now()}${String(sequence).padStart(4, '0')}`,
    amount: 123400,
    currency: 'CNY',
    subject: 'Global Widgets Market Report 2026',
    method: 'wx',
    notifyUrl: NOTIFY_URL,
    returnUrl: 'https://merchant.test/back',
    clientIp: '203.0.113.7',
    expiresAt: new Date(Date.now() + 15 * 60_000),
    ...overrides,
  }
}

/** A path and query to inject: the cashier lives at the sandbox's URL. */
export function cashierPath(harness: Harness, payUrl: string): string {
  const url = new URL(payUrl)
  if (url.origin !== harness.baseUrl) throw new Error(`not a sandbox cashier URL: ${payUrl}`)
  return `${url.pathname}${url.search}`
}

export function openCashier(harness: Harness, payUrl: string, headers: Record<string, string> = {}) {
  return harness.app.inject({ method: 'GET', url: cashierPath(harness, payUrl), headers })
}

export function pressCashier(harness: Harness, payUrl: string, result: 'success' | 'fail') {
  return harness.app.inject({
    method: 'POST',
    url: cashierPath(harness, payUrl),
    payload: `result=${result}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

export function incoming(notification: Sent): IncomingNotification {
  return { headers: notification.headers, rawBody: notification.body, contentType: notification.headers['content-type'] ?? '' }
}

/** The gateway's record of a trade, named as its columns were. */
export function tradeRow(harness: Harness, provider: 'alipay' | 'wechatpay', orderNo: string) {
  const trade = harness.books.trade(provider, 'outTradeNo', orderNo)
  return trade && { state: trade.state, expires_at: trade.expiresAt, trade_no: trade.tradeNo, amount: trade.amount }
}

export function refundRows(harness: Harness, provider: 'alipay' | 'wechatpay', orderNo: string) {
  return harness.books
    .refundsOf(provider, orderNo)
    .map((r) => ({ out_refund_no: r.outRefundNo, amount: r.amount, state: r.state, refund_key: r.refundKey }))
}

/** Waits for a condition the sandbox meets asynchronously (a refund's settlement). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Splits an Alipay OpenAPI answer `{"<method>_response":<object>,"sign":"…"}` into the object's exact text and its signature. */
export function signedAnswerParts(answer: string, responseKey: string): { content: string; sign: string } {
  const match = new RegExp(`^\\{"${responseKey}":(\\{.*\\}),"sign":"([A-Za-z0-9+/=]+)"\\}$`).exec(answer)
  if (!match) throw new Error('not an Alipay OpenAPI answer')
  return { content: match[1]!, sign: match[2]! }
}
