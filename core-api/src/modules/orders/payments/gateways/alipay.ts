import type { AlipaySdk } from 'alipay-sdk'
import { loadOnce } from '../../../../platform/lib/load-once.ts'
import { alipayTime } from './china-time.ts'
import type * as Gateway from './types.ts'
import { ProviderError } from './types.ts'

// Alipay through its official SDK (RSA2). The gateway is configurable, so any
// gateway speaking Alipay's protocol can stand in for openapi.alipay.com.

export interface AlipayOptions {
  appId: string
  /** The merchant's application private key (PEM, PKCS#8 or PKCS#1) */
  privateKey: string
  /** Alipay's public key (PEM), which signs notifications and answers */
  alipayPublicKey: string
  /** Default: Alipay's production gateway */
  gateway?: string
  timeoutMs?: number
}

const PAGE_METHODS = {
  zfb: ['alipay.trade.page.pay', 'FAST_INSTANT_TRADE_PAY'],
  zfb_h5: ['alipay.trade.wap.pay', 'QUICK_WAP_WAY'],
} as const
const AMOUNT = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/
/** Refusals that a retry can pass; every other ACQ.* sub_code of a refund is the gateway's final word. */
const RETRYABLE_SUB_CODES = new Set(['ACQ.SYSTEM_ERROR'])

/** "12.3" → 1230; anything else → undefined. Decimal text is parsed exactly, never through a float. */
export function yuanToFen(value: unknown): number | undefined {
  if (typeof value !== 'string' || !AMOUNT.test(value)) return undefined
  const [whole, fraction = ''] = value.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

export function fenToYuan(amount: number): string {
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`
}

/** Alipay counts characters, not UTF-16 units: never cut a surrogate pair in half. */
function truncate(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length <= max ? text : chars.slice(0, max).join('')
}

type Answer = Record<string, unknown>

function describe(answer: Answer): string {
  return [answer.code, answer.msg, answer.sub_code, answer.sub_msg].filter((part) => typeof part === 'string' && part !== '').join(' ')
}

/**
 * The SDK, with the HTTP client it brings (urllib and undici), is some 6 MB of
 * heap: it is loaded by the first Alipay call of the process, not at every
 * start of an API that may never take an Alipay payment.
 */
const loadSdk = loadOnce(() => import('alipay-sdk'))

export class AlipayProvider implements Gateway.PaymentProvider {
  readonly name = 'alipay' as const
  readonly appId: string
  private readonly options: AlipayOptions
  /** The SDK client, made at the first call. */
  private readonly sdk: () => Promise<AlipaySdk>

  constructor(options: AlipayOptions) {
    this.appId = options.appId
    this.options = options
    this.sdk = loadOnce(() => this.makeSdk())
  }

  private async makeSdk(): Promise<AlipaySdk> {
    const { AlipaySdk } = await loadSdk()
    const { options } = this
    return new AlipaySdk({
      appId: options.appId,
      privateKey: options.privateKey,
      alipayPublicKey: options.alipayPublicKey,
      signType: 'RSA2',
      // The SDK re-wraps keys in the PEM header of the type it is told.
      keyType: options.privateKey.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
      timeout: options.timeoutMs ?? 10_000,
      camelcase: false,
      ...(options.gateway ? { gateway: options.gateway } : {}),
    })
  }

  async start(request: Gateway.PaymentRequest): Promise<Gateway.PaymentStart> {
    if (request.method !== 'zfb' && request.method !== 'zfb_h5') throw new ProviderError(`alipay cannot take ${request.method}`)
    const [method, productCode] = PAGE_METHODS[request.method]
    try {
      const sdk = await this.sdk()
      const payUrl = sdk.pageExecute(method, 'GET', {
        // The SDK stamps local time; Alipay reads China time. A timestamp given here replaces the SDK's.
        timestamp: alipayTime(new Date()),
        bizContent: {
          out_trade_no: request.orderNo,
          total_amount: fenToYuan(request.amount),
          subject: request.subject.slice(0, 127),
          product_code: productCode,
          // Past the order's own deadline the gateway takes no payment, however long the buyer keeps the page open.
          time_expire: alipayTime(request.expiresAt),
          ...(request.currency === 'CNY' ? {} : { trans_currency: request.currency, settle_currency: request.currency }),
        },
        returnUrl: request.returnUrl,
        notifyUrl: request.notifyUrl,
      })
      return { payUrl }
    } catch (error) {
      throw new ProviderError('alipay page pay could not be signed', error)
    }
  }

  recognizes(notification: Gateway.IncomingNotification): boolean {
    if (!notification.contentType.includes('application/x-www-form-urlencoded')) return false
    const fields = new URLSearchParams(notification.rawBody)
    return fields.has('sign') && fields.has('app_id')
  }

  async verify(notification: Gateway.IncomingNotification): Promise<Gateway.VerifiedNotification | undefined> {
    const fields = Object.fromEntries(new URLSearchParams(notification.rawBody))
    let signed = false
    try {
      signed = (await this.sdk()).checkNotifySignV2(fields)
    } catch {
      signed = false
    }
    if (!signed) return undefined
    const amount = yuanToFen(fields.total_amount)
    if (!fields.out_trade_no || amount === undefined || !fields.app_id || !fields.trade_no) return undefined
    const status = fields.trade_status
    const outcome = status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED' ? 'paid' : status === 'TRADE_CLOSED' ? 'failed' : 'pending'
    return {
      kind: 'payment',
      provider: 'alipay',
      orderNo: fields.out_trade_no,
      amount,
      currency: fields.trans_currency || 'CNY',
      appId: fields.app_id,
      providerTradeNo: fields.trade_no,
      outcome,
    }
  }

  acknowledge(accepted: boolean): Gateway.NotificationReply {
    // Alipay retries until it reads the bare word success.
    return accepted
      ? { status: 200, contentType: 'text/plain', body: 'success' }
      : { status: 400, contentType: 'text/plain', body: 'failure' }
  }

  async query(orderNo: string): Promise<Gateway.QueryResult> {
    const result = await this.call('alipay.trade.query', { out_trade_no: orderNo })
    if (result.code !== '10000') {
      if (result.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'unknown' }
      throw new ProviderError(`alipay trade query answered ${describe(result)}`)
    }
    const paid = this.paidTrade(result)
    if (paid) return paid
    return { state: result.trade_status === 'TRADE_CLOSED' ? 'failed' : 'unpaid' }
  }

  async close(orderNo: string): Promise<Gateway.CloseResult> {
    const result = await this.call('alipay.trade.close', { out_trade_no: orderNo })
    if (result.code === '10000') return { state: 'closed' }
    // A page-pay trade exists only once the buyer opened the cashier: nothing to close yet.
    if (result.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'not-found' }
    if (result.sub_code !== 'ACQ.TRADE_STATUS_ERROR') throw new ProviderError(`alipay trade close answered ${describe(result)}`)
    // Not waiting for payment any more: paid, or closed already (by us, by time_expire, or a full refund).
    const trade = await this.call('alipay.trade.query', { out_trade_no: orderNo })
    if (trade.code !== '10000') throw new ProviderError(`alipay trade query after a refused close answered ${describe(trade)}`)
    const paid = this.paidTrade(trade)
    if (paid) return paid
    if (trade.trade_status === 'TRADE_CLOSED') return { state: 'closed' }
    throw new ProviderError(`alipay refused to close a trade it reports as ${String(trade.trade_status)}`)
  }

  async refund(request: Gateway.RefundRequest): Promise<Gateway.RefundResult> {
    const result = await this.call('alipay.trade.refund', {
      out_trade_no: request.orderNo,
      trade_no: request.providerTradeNo,
      refund_amount: fenToYuan(request.amount),
      // Alipay's idempotency key: the same out_request_no is the same refund, however often it is sent.
      out_request_no: request.refundNo,
      refund_reason: truncate(request.reason, 80),
      ...(request.currency === 'CNY' ? {} : { refund_currency: request.currency }),
    })
    if (result.code === '10000') {
      if (result.out_trade_no !== undefined && result.out_trade_no !== request.orderNo)
        throw new ProviderError('alipay refund answered about another trade')
      const tradeNo = typeof result.trade_no === 'string' && result.trade_no !== '' ? result.trade_no : request.providerTradeNo
      // fund_change N is how Alipay answers a repeated request; its docs say to confirm such answers by query.
      if (result.fund_change === 'Y') return { state: 'succeeded', providerRefundNo: tradeNo }
      const known = await this.queryRefund(request.refundNo, request.orderNo)
      return known.state === 'succeeded'
        ? { state: 'succeeded', providerRefundNo: known.providerRefundNo || tradeNo }
        : { state: 'processing', providerRefundNo: tradeNo }
    }
    if (result.code === '40004' && typeof result.sub_code === 'string' && !RETRYABLE_SUB_CODES.has(result.sub_code)) {
      return { state: 'failed', reason: describe(result) }
    }
    throw new ProviderError(`alipay trade refund answered ${describe(result)}`)
  }

  async queryRefund(refundNo: string, orderNo: string): Promise<Gateway.RefundResult | { state: 'unknown' }> {
    const result = await this.call('alipay.trade.fastpay.refund.query', {
      out_trade_no: orderNo,
      out_request_no: refundNo,
      query_options: ['gmt_refund_pay'],
    })
    if (result.code !== '10000') {
      if (result.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'unknown' }
      throw new ProviderError(`alipay refund query answered ${describe(result)}`)
    }
    // Without refund_status REFUND_SUCCESS Alipay has no refund of that number (not received, or failed): asking again is safe.
    if (result.refund_status !== 'REFUND_SUCCESS') return { state: 'unknown' }
    if (result.out_request_no !== undefined && result.out_request_no !== refundNo)
      throw new ProviderError('alipay refund query answered about another refund')
    return { state: 'succeeded', providerRefundNo: typeof result.trade_no === 'string' ? result.trade_no : '' }
  }

  private paidTrade(result: Answer): Extract<Gateway.QueryResult, { state: 'paid' }> | undefined {
    if (result.trade_status !== 'TRADE_SUCCESS' && result.trade_status !== 'TRADE_FINISHED') return undefined
    const amount = yuanToFen(result.total_amount)
    if (amount === undefined || typeof result.trade_no !== 'string' || result.trade_no === '') {
      throw new ProviderError('alipay answered a paid trade without amount or trade_no')
    }
    return { state: 'paid', amount, providerTradeNo: result.trade_no }
  }

  /** One OpenAPI call; the answer is returned only if Alipay's signature on it checks out. */
  private async call(method: string, bizContent: Record<string, unknown>): Promise<Answer> {
    let result: unknown
    try {
      const sdk = await this.sdk()
      result = await sdk.exec(method, { timestamp: alipayTime(new Date()), bizContent }, { validateSign: true })
    } catch (error) {
      throw new ProviderError(`alipay ${method} failed: ${(error as Error).message}`, error)
    }
    if (typeof result !== 'object' || result === null || Array.isArray(result))
      throw new ProviderError(`alipay ${method} answered no object`)
    return result as Answer
  }
}
