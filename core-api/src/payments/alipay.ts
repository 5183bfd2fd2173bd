import { AlipaySdk } from 'alipay-sdk'
import {
  ProviderError, type IncomingNotification, type NotificationReply, type PaymentProvider, type PaymentRequest, type PaymentStart, type QueryResult,
  type VerifiedNotification,
} from './types.ts'

// Alipay through its official SDK (RSA2). The gateway is configurable so the
// bundled sandbox can stand in for openapi.alipay.com with no code change.

export interface AlipayOptions {
  appId: string
  /** The merchant's application private key (PEM, PKCS#8 or PKCS#1) */
  privateKey: string
  /** Alipay's public key (PEM), which signs notifications and answers */
  alipayPublicKey: string
  /** Default: Alipay's production gateway */
  gateway?: string
  /** Where server-to-server calls go when that differs from the buyer-facing gateway (the sandbox); default gateway */
  queryGateway?: string
  timeoutMs?: number
}

const PAGE_METHODS = { zfb: ['alipay.trade.page.pay', 'FAST_INSTANT_TRADE_PAY'], zfb_h5: ['alipay.trade.wap.pay', 'QUICK_WAP_WAY'] } as const
const AMOUNT = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/

/** "12.3" → 1230; anything else → undefined. Decimal text is parsed exactly, never through a float. */
export function yuanToFen(value: unknown): number | undefined {
  if (typeof value !== 'string' || !AMOUNT.test(value)) return undefined
  const [whole, fraction = ''] = value.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

export function fenToYuan(amount: number): string {
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`
}

export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay' as const
  readonly appId: string
  private readonly sdk: AlipaySdk
  private readonly querySdk: AlipaySdk

  constructor(options: AlipayOptions) {
    this.appId = options.appId
    const sdkFor = (gateway: string | undefined) => new AlipaySdk({
      appId: options.appId,
      privateKey: options.privateKey,
      alipayPublicKey: options.alipayPublicKey,
      signType: 'RSA2',
      // The SDK re-wraps keys in the PEM header of the type it is told.
      keyType: options.privateKey.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
      timeout: options.timeoutMs ?? 10_000,
      camelcase: false,
      ...(gateway ? { gateway } : {}),
    })
    this.sdk = sdkFor(options.gateway)
    this.querySdk = options.queryGateway ? sdkFor(options.queryGateway) : this.sdk
  }

  async start(request: PaymentRequest): Promise<PaymentStart> {
    if (request.method !== 'zfb' && request.method !== 'zfb_h5') throw new ProviderError(`alipay cannot take ${request.method}`)
    const [method, productCode] = PAGE_METHODS[request.method]
    try {
      const payUrl = this.sdk.pageExecute(method, 'GET', {
        bizContent: {
          out_trade_no: request.orderNo,
          total_amount: fenToYuan(request.amount),
          subject: request.subject.slice(0, 127),
          product_code: productCode,
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

  recognizes(notification: IncomingNotification): boolean {
    if (!notification.contentType.includes('application/x-www-form-urlencoded')) return false
    const fields = new URLSearchParams(notification.rawBody)
    return fields.has('sign') && fields.has('app_id')
  }

  async verify(notification: IncomingNotification): Promise<VerifiedNotification | undefined> {
    const fields = Object.fromEntries(new URLSearchParams(notification.rawBody))
    let signed = false
    try {
      signed = this.sdk.checkNotifySignV2(fields)
    } catch {
      signed = false
    }
    if (!signed) return undefined
    const amount = yuanToFen(fields.total_amount)
    if (!fields.out_trade_no || amount === undefined || !fields.app_id || !fields.trade_no) return undefined
    const status = fields.trade_status
    const outcome = status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED' ? 'paid' : status === 'TRADE_CLOSED' ? 'failed' : 'pending'
    return {
      provider: 'alipay',
      orderNo: fields.out_trade_no,
      amount,
      currency: fields.trans_currency || 'CNY',
      appId: fields.app_id,
      providerTradeNo: fields.trade_no,
      outcome,
    }
  }

  acknowledge(accepted: boolean): NotificationReply {
    // Alipay retries until it reads the bare word success.
    return accepted ? { status: 200, contentType: 'text/plain', body: 'success' } : { status: 400, contentType: 'text/plain', body: 'failure' }
  }

  async query(orderNo: string): Promise<QueryResult> {
    let result: Record<string, unknown>
    try {
      result = await this.querySdk.exec('alipay.trade.query', { bizContent: { out_trade_no: orderNo } }, { validateSign: true }) as Record<string, unknown>
    } catch (error) {
      throw new ProviderError('alipay trade query failed', error)
    }
    if (result.code !== '10000') {
      if (result.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'unknown' }
      throw new ProviderError(`alipay trade query answered ${String(result.code)} ${String(result.sub_code ?? '')}`)
    }
    const status = result.trade_status
    if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') {
      const amount = yuanToFen(result.total_amount)
      if (amount === undefined) throw new ProviderError('alipay trade query answered no amount')
      return { state: 'paid', amount, providerTradeNo: String(result.trade_no) }
    }
    return { state: status === 'TRADE_CLOSED' ? 'failed' : 'unpaid' }
  }
}
