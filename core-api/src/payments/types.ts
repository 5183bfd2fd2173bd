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

/** What a verified notification says about one order. */
export interface VerifiedNotification {
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

/** How to answer the provider: Alipay wants the bare text `success`; WeChat v3 wants 200/204 or an error JSON. */
export interface NotificationReply {
  status: number
  contentType: string
  body: string
}

export type QueryResult = { state: 'paid'; amount: number; providerTradeNo: string } | { state: 'unpaid' | 'failed' | 'unknown' }

export interface PaymentProvider {
  readonly name: ProviderName
  /** The app id notifications must name */
  readonly appId: string
  start(request: PaymentRequest): Promise<PaymentStart>
  /** True when the notification looks like this provider's (content type, headers, fields) */
  recognizes(notification: IncomingNotification): boolean
  /** Undefined when the signature, the decryption or the shape does not check out */
  verify(notification: IncomingNotification): Promise<VerifiedNotification | undefined>
  acknowledge(accepted: boolean): NotificationReply
  /** Asks the provider about an order, for reconciliation */
  query(orderNo: string): Promise<QueryResult>
}

/** A provider call that failed (network, refused, bad signature on its answer): answered as 100002. */
export class ProviderError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message)
    this.name = 'ProviderError'
  }
}

/** How a sandbox gateway delivers a notification to the notify URL it was given. */
export type NotificationSender = (notifyUrl: string, request: { headers: Record<string, string>; body: string }) => Promise<{ status: number; body: string }>
