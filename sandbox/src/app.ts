import type { FastifyInstance } from 'fastify'
import { formBodies } from '@rpt/server-kit'
import alipayGateway from './alipay/gateway.ts'
import { Books } from './books.ts'
import { postNotification, type NotificationSender } from './deliver.ts'
import type { GatewayKeys } from './keys.ts'
import wechatpayGateway from './wechatpay/gateway.ts'

// Both gateways on one server: Alipay's under /alipay (its gateway.do), WeChat
// Pay's API v3 under /wechatpay (/wechatpay/v3/…), and the cashier pages a
// buyer's browser opens from a payment URL. Bodies keep their text as
// request.rawBody (@rpt/server-kit): signatures cover those bytes.

export const ALIPAY_PREFIX = '/alipay'
export const WECHATPAY_PREFIX = '/wechatpay'

export interface SandboxOptions {
  keys: GatewayKeys
  /** Where a browser reaches this server, e.g. http://127.0.0.1:3002: cashier links name it */
  publicUrl: string
  /** The gateways' books; default a fresh set in memory */
  books?: Books
  /** How notifications reach the merchant; default an HTTP POST to the notify URL */
  deliver?: NotificationSender
  /** Where the WeChat cashier sends the payer once an order is done; none: the cashier shows the result only */
  payBackUrl?: ((orderNo: string) => string) | undefined
  /** How long a WeChat refund stays PROCESSING (default 1000 ms) */
  refundDelayMs?: number
}

/** A pay-back URL from a template naming {orderNo}, e.g. https://site/personalCenter/payBack?orderNo={orderNo}. */
export function payBackTemplate(template: string): ((orderNo: string) => string) | undefined {
  return template ? (orderNo) => template.replaceAll('{orderNo}', encodeURIComponent(orderNo)) : undefined
}

export default async function sandbox(app: FastifyInstance, options: SandboxOptions) {
  const books = options.books ?? new Books()
  const deliver = options.deliver ?? postNotification
  // Alipay's cashier posts a form, and its OpenAPI calls arrive as forms too.
  formBodies(app)
  app.get('/health', async () => ({ status: 'ok' }))
  await app.register(alipayGateway, { prefix: ALIPAY_PREFIX, keys: options.keys.alipay, books, deliver })
  await app.register(wechatpayGateway, {
    prefix: WECHATPAY_PREFIX,
    keys: options.keys.wechatpay,
    books,
    deliver,
    payBackUrl: options.payBackUrl,
    publicBaseUrl: `${options.publicUrl.replace(/\/+$/, '')}${WECHATPAY_PREFIX}`,
    ...(options.refundDelayMs === undefined ? {} : { refundDelayMs: options.refundDelayMs }),
  })
}
