// The seam between orders and payment providers. Orders know nothing of a
// provider's wire format; a provider knows nothing of orders beyond these
// fields. Amounts are integer minor units (fen / cents) everywhere here.

export type PayMethod = 'zfb' | 'zfb_h5' | 'wx' | 'wx_h5'
export const PAY_METHODS: readonly PayMethod[] = ['zfb', 'zfb_h5', 'wx', 'wx_h5']
export type ProviderName = 'alipay' | 'wechatpay'

export function providerOf(method: PayMethod): ProviderName {
  return method === 'zfb' || method === 'zfb_h5' ? 'alipay' : 'wechatpay'
}

export interface PaymentRequest {
  orderNo: string
  /** Minor units */
  amount: number
  /** ISO 4217, e.g. CNY or USD */
  currency: string
  /** What the payer sees, at most 127 characters */
  subject: string
  method: PayMethod
  /** Where the provider posts its asynchronous notification */
  notifyUrl: string
  /** Where the payer's browser returns after paying (Alipay page flows) */
  returnUrl: string
  /** The payer's address (WeChat H5 requires it) */
  clientIp: string
  /** The order's own deadline, sent as the gateway's time_expire: past it the gateway takes no payment */
  expiresAt: Date
}

export interface PaymentStart {
  /** Alipay: the cashier URL; WeChat Native: code_url (shown as a QR code); WeChat H5: h5_url */
  payUrl: string
}

/** The raw notification as it reached us: verification needs the exact bytes. */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>
  rawBody: string
  contentType: string
}

/** What a verified payment notification says about one order. */
export interface VerifiedNotification {
  kind: 'payment'
  provider: ProviderName
  orderNo: string
  /** Minor units, as the provider reports it */
  amount: number
  currency: string
  /** The merchant app id the notification is for (Alipay app_id, WeChat appid) */
  appId: string
  /** WeChat mchid; undefined for Alipay */
  merchantId?: string | undefined
  providerTradeNo: string
  outcome: 'paid' | 'failed' | 'pending'
}

/** What a verified refund notification (WeChat's REFUND.*) says about one of our refunds. */
export interface VerifiedRefundNotification {
  kind: 'refund'
  provider: ProviderName
  /** Our out_refund_no */
  refundNo: string
  orderNo: string
  providerRefundNo: string
  /** The merchant the notification is for (WeChat mchid) */
  merchantId: string
  state: 'succeeded' | 'failed' | 'processing'
}

/** How to answer the provider: Alipay wants the bare text `success`; WeChat v3 wants 200/204 or an error JSON. */
export interface NotificationReply {
  status: number
  contentType: string
  body: string
}

export type QueryResult = { state: 'paid'; amount: number; providerTradeNo: string } | { state: 'unpaid' | 'failed' | 'unknown' }

/** What closing a trade at the gateway found. */
export type CloseResult =
  /** Closed now, or closed already (by us, by its time_expire, or after a failed payment) */
  | { state: 'closed' }
  /** The gateway holds no such trade (an Alipay cashier never opened); nothing to close */
  | { state: 'not-found' }
  /** The buyer paid before the close: the trade stays paid */
  | { state: 'paid'; amount: number; providerTradeNo: string }

export interface RefundRequest {
  orderNo: string
  /** The gateway's trade that took the money */
  providerTradeNo: string
  /** Ours, unique per refund (Alipay out_request_no, WeChat out_refund_no): a repeated request is the same refund */
  refundNo: string
  /** Minor units to return */
  amount: number
  /** Minor units the trade took */
  total: number
  currency: string
  /** Shown to the payer by the gateway, at most 80 characters */
  reason: string
  /** Where WeChat posts the refund's outcome */
  notifyUrl: string
}

export type RefundResult =
  | { state: 'succeeded'; providerRefundNo: string }
  /** Accepted; the outcome comes by notification or query (WeChat) */
  | { state: 'processing'; providerRefundNo: string }
  /** Refused or closed by the gateway for good (insufficient balance, trade too old): staff must act */
  | { state: 'failed'; reason: string }

export interface PaymentProvider {
  readonly name: ProviderName
  /** The app id notifications must name */
  readonly appId: string
  start(request: PaymentRequest): Promise<PaymentStart>
  /** True when the notification looks like this provider's (content type, headers, fields) */
  recognizes(notification: IncomingNotification): boolean
  /** Undefined when the signature, the decryption or the shape does not check out */
  verify(notification: IncomingNotification): Promise<VerifiedNotification | VerifiedRefundNotification | undefined>
  acknowledge(accepted: boolean): NotificationReply
  /** Asks the provider about an order, for reconciliation */
  query(orderNo: string): Promise<QueryResult>
  /** Closes the order's trade so it can no longer be paid (alipay.trade.close; WeChat .../close) */
  close(orderNo: string): Promise<CloseResult>
  /** Returns money a trade took; idempotent on refundNo */
  refund(request: RefundRequest): Promise<RefundResult>
  /** A refund's outcome by our refundNo; 'unknown' when the gateway has none */
  queryRefund(refundNo: string, orderNo: string): Promise<RefundResult | { state: 'unknown' }>
}

/** A provider call that failed (network, refused, bad signature on its answer): answered as 100002. */
export class ProviderError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message)
    this.name = 'ProviderError'
  }
}
