import { createPrivateKey, createPublicKey, type KeyLike } from 'node:crypto'
import { wechatTime } from './china-time.ts'
import type * as Gateway from './types.ts'
import { ProviderError } from './types.ts'
import {
  apiV3KeyBytes,
  authorizationHeader,
  decryptResource,
  nonceString,
  requestMessage,
  responseMessage,
  rsaSign,
  rsaVerify,
  timestampFresh,
} from './wechatpay-protocol.ts'

// WeChat Pay API v3 spoken directly over fetch: RSA-SHA256 signed requests,
// signed answers checked against the platform key, AES-256-GCM encrypted
// notification resources (wechatpay-protocol.ts). The base URL is
// configurable, so any host speaking the protocol can stand in for
// api.mch.weixin.qq.com.

export const WECHATPAY_BASE_URL = 'https://api.mch.weixin.qq.com'

export interface WechatPayOptions {
  /** Default: WeChat Pay's production host */
  baseUrl?: string
  appId: string
  mchId: string
  /** The merchant's API private key (PEM) */
  merchantPrivateKey: string
  /** The serial number of the merchant's API certificate */
  merchantSerial: string
  /** WeChat Pay's platform public key (PEM), which signs answers and notifications */
  platformPublicKey: string
  /** Its serial (certificate serial or PUB_KEY_ID_…): answers naming another are refused */
  platformSerial: string
  /** The 32-character APIv3 key */
  apiV3Key: string
  timeoutMs?: number
  /** Milliseconds since the epoch; tests move the clock */
  now?: () => number
}

const FAILED_STATES = new Set(['PAYERROR', 'CLOSED', 'REVOKED'])
const UNPAID_STATES = new Set(['NOTPAY', 'USERPAYING'])
/** Trade states of a trade the buyer paid (REFUND: paid, then refunded in part or whole). */
const PAID_STATES = new Set(['SUCCESS', 'REFUND'])
const REFUND_STATES = new Map<unknown, Gateway.RefundResult['state']>([
  ['SUCCESS', 'succeeded'],
  ['PROCESSING', 'processing'],
  ['CLOSED', 'failed'],
  ['ABNORMAL', 'failed'],
])
const REFUND_EVENTS = new Set(['REFUND.SUCCESS', 'REFUND.ABNORMAL', 'REFUND.CLOSED'])
/** Error codes a retry can get past; other 4xx refusals of a refund are final. */
const RETRYABLE_CODES = new Set(['SYSTEM_ERROR', 'FREQUENCY_LIMITED', 'SIGN_ERROR'])
const USER_AGENT = `rpt-core-api/0.1 (WechatPay-APIv3; node ${process.version})`

type Json = Record<string, unknown>

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

/** A header's single value, whatever the case of its name; repeated headers count as absent. */
function headerOf(headers: Gateway.IncomingNotification['headers'], name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return typeof value === 'string' ? value : undefined
  }
  return undefined
}

/** WeChat counts characters, not UTF-16 units: never cut a surrogate pair in half. */
function truncate(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length <= max ? text : chars.slice(0, max).join('')
}

interface Answer {
  status: number
  data: Json
}

/** A field of a gateway's JSON answer as text for a message: objects as JSON, never [object Object]. */
function fieldText(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}

export class WechatPayProvider implements Gateway.PaymentProvider {
  readonly name = 'wechatpay' as const
  readonly appId: string
  private readonly mchId: string
  private readonly baseUrl: string
  private readonly merchantKey: KeyLike
  private readonly merchantSerial: string
  private readonly platformKey: KeyLike
  private readonly platformSerial: string
  private readonly apiV3Key: string
  private readonly timeoutMs: number
  private readonly now: () => number

  constructor(options: WechatPayOptions) {
    this.appId = options.appId
    this.mchId = options.mchId
    this.baseUrl = (options.baseUrl ?? WECHATPAY_BASE_URL).replace(/\/+$/, '')
    // Parsed once, so a broken key fails at start-up rather than on the first payment.
    this.merchantKey = createPrivateKey(options.merchantPrivateKey)
    this.merchantSerial = options.merchantSerial
    this.platformKey = createPublicKey(options.platformPublicKey)
    this.platformSerial = options.platformSerial
    apiV3KeyBytes(options.apiV3Key)
    this.apiV3Key = options.apiV3Key
    this.timeoutMs = options.timeoutMs ?? 10_000
    this.now = options.now ?? Date.now
  }

  async start(request: Gateway.PaymentRequest): Promise<Gateway.PaymentStart> {
    if (request.method !== 'wx' && request.method !== 'wx_h5') throw new ProviderError(`wechatpay cannot take ${request.method}`)
    const h5 = request.method === 'wx_h5'
    const payload = {
      appid: this.appId,
      mchid: this.mchId,
      description: truncate(request.subject, 127),
      out_trade_no: request.orderNo,
      // Past the order's own deadline WeChat closes the order and takes no payment.
      time_expire: wechatTime(request.expiresAt),
      notify_url: request.notifyUrl,
      amount: { total: request.amount, currency: request.currency },
      ...(h5 ? { scene_info: { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } } } : {}),
    }
    const answer = this.expectOk(await this.call('POST', `/v3/pay/transactions/${h5 ? 'h5' : 'native'}`, payload))
    const payUrl = answer.data[h5 ? 'h5_url' : 'code_url']
    if (!nonEmpty(payUrl)) throw new ProviderError(`wechatpay ${h5 ? 'h5' : 'native'} order answered no ${h5 ? 'h5_url' : 'code_url'}`)
    return { payUrl }
  }

  recognizes(notification: Gateway.IncomingNotification): boolean {
    return (
      notification.contentType.toLowerCase().includes('application/json') &&
      headerOf(notification.headers, 'wechatpay-signature') !== undefined
    )
  }

  async verify(
    notification: Gateway.IncomingNotification,
  ): Promise<Gateway.VerifiedNotification | Gateway.VerifiedRefundNotification | undefined> {
    try {
      return this.verified(notification)
    } catch {
      // Whatever a forged or garbled notification trips over, it is simply not verified.
      return undefined
    }
  }

  acknowledge(accepted: boolean): Gateway.NotificationReply {
    // Anything but 2xx makes WeChat retry the notification on its back-off schedule.
    return accepted
      ? { status: 204, contentType: 'text/plain', body: '' }
      : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: 'notification rejected' }) }
  }

  async query(orderNo: string): Promise<Gateway.QueryResult> {
    const data = await this.transaction(orderNo)
    if (!data) return { state: 'unknown' }
    const state = data.trade_state
    if (state === 'SUCCESS') return this.paidTrade(data)
    if (typeof state === 'string' && FAILED_STATES.has(state)) return { state: 'failed' }
    if (typeof state === 'string' && UNPAID_STATES.has(state)) return { state: 'unpaid' }
    // REFUND and anything newer: neither paid nor unpaid is safe to act on.
    throw new ProviderError(`wechatpay query answered trade_state ${String(state)}`)
  }

  async close(orderNo: string): Promise<Gateway.CloseResult> {
    const answer = await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, { mchid: this.mchId })
    // 204 with an empty (still signed) body; closing a closed order answers 204 again.
    if (answer.status >= 200 && answer.status < 300) return { state: 'closed' }
    const { code } = answer.data
    if (code === 'ORDER_CLOSED') return { state: 'closed' }
    if (code === 'ORDER_NOT_EXIST') return { state: 'not-found' }
    if (code === 'ORDERPAID') {
      // The buyer was quicker: the trade stays paid, and the caller needs what it took.
      const data = await this.transaction(orderNo)
      if (data && typeof data.trade_state === 'string' && PAID_STATES.has(data.trade_state)) return this.paidTrade(data)
      throw new ProviderError(
        `wechatpay answered ORDERPAID to a close but its query says ${fieldText(data?.trade_state ?? 'no such order')}`,
      )
    }
    throw this.refusal(answer)
  }

  async refund(request: Gateway.RefundRequest): Promise<Gateway.RefundResult> {
    const reason = truncate(request.reason, 80)
    const answer = await this.call('POST', '/v3/refund/domestic/refunds', {
      transaction_id: request.providerTradeNo,
      // WeChat's idempotency key: the same out_refund_no refunds once, however often it is sent.
      out_refund_no: request.refundNo,
      ...(reason === '' ? {} : { reason }),
      ...(request.notifyUrl === '' ? {} : { notify_url: request.notifyUrl }),
      amount: { refund: request.amount, total: request.total, currency: request.currency },
    })
    if (answer.status >= 200 && answer.status < 300) return this.refundResult(answer.data, request.refundNo)
    const code = typeof answer.data.code === 'string' ? answer.data.code : ''
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 429 && !RETRYABLE_CODES.has(code)) {
      // NOT_ENOUGH, INVALID_REQUEST (over-refund, unpaid trade), RESOURCE_NOT_EXISTS…: the same request will not pass later.
      return { state: 'failed', reason: `${code || `HTTP ${answer.status}`}: ${fieldText(answer.data.message)}`.trimEnd() }
    }
    throw this.refusal(answer)
  }

  async queryRefund(refundNo: string, orderNo: string): Promise<Gateway.RefundResult | { state: 'unknown' }> {
    const answer = await this.call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`)
    if (answer.status === 404 && answer.data.code === 'RESOURCE_NOT_EXISTS') return { state: 'unknown' }
    const { data } = this.expectOk(answer)
    if (data.out_trade_no !== orderNo) throw new ProviderError('wechatpay refund query answered about another order')
    return this.refundResult(data, refundNo)
  }

  /** The transaction as WeChat's query describes it; undefined when WeChat has no such order. */
  private async transaction(orderNo: string): Promise<Json | undefined> {
    const answer = await this.call(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.mchId)}`,
    )
    if (answer.status === 404 && answer.data.code === 'ORDER_NOT_EXIST') return undefined
    const { data } = this.expectOk(answer)
    if (data.out_trade_no !== orderNo || data.mchid !== this.mchId) throw new ProviderError('wechatpay query answered about another order')
    return data
  }

  private paidTrade(data: Json): Extract<Gateway.QueryResult, { state: 'paid' }> {
    const total = isRecord(data.amount) ? data.amount.total : undefined
    if (typeof total !== 'number' || !Number.isSafeInteger(total) || total <= 0 || !nonEmpty(data.transaction_id)) {
      throw new ProviderError('wechatpay query answered a paid trade without amount or transaction_id')
    }
    return { state: 'paid', amount: total, providerTradeNo: data.transaction_id }
  }

  private refundResult(data: Json, refundNo: string): Gateway.RefundResult {
    const state = REFUND_STATES.get(data.status)
    if (data.out_refund_no !== refundNo) throw new ProviderError('wechatpay answered about another refund')
    if (!state) throw new ProviderError(`wechatpay answered refund status ${String(data.status)}`)
    if (state === 'failed') return { state, reason: `refund ${String(data.status)}` }
    if (!nonEmpty(data.refund_id)) throw new ProviderError('wechatpay answered a refund without refund_id')
    return { state, providerRefundNo: data.refund_id }
  }

  private verified(
    notification: Gateway.IncomingNotification,
  ): Gateway.VerifiedNotification | Gateway.VerifiedRefundNotification | undefined {
    const { headers, rawBody } = notification
    if (
      !this.signedByPlatform(
        headerOf(headers, 'wechatpay-timestamp'),
        headerOf(headers, 'wechatpay-nonce'),
        headerOf(headers, 'wechatpay-signature'),
        headerOf(headers, 'wechatpay-serial'),
        rawBody,
      )
    )
      return undefined
    const event = JSON.parse(rawBody) as unknown
    if (!isRecord(event) || event.resource_type !== 'encrypt-resource' || !isRecord(event.resource)) return undefined
    const { algorithm, ciphertext, nonce, associated_data: associatedData, original_type: originalType } = event.resource
    if (algorithm !== 'AEAD_AES_256_GCM' || !nonEmpty(ciphertext) || !nonEmpty(nonce)) return undefined
    if (associatedData !== undefined && typeof associatedData !== 'string') return undefined
    // The event type says what the resource is; one that says otherwise is not trusted either way.
    const refund = typeof event.event_type === 'string' && event.event_type.startsWith('REFUND.')
    if (refund ? !REFUND_EVENTS.has(event.event_type as string) || originalType !== 'refund' : originalType !== 'transaction')
      return undefined
    const resource = JSON.parse(decryptResource(this.apiV3Key, { ciphertext, nonce, associated_data: associatedData })) as unknown
    if (refund) return isRecord(resource) ? this.verifiedRefund(resource) : undefined
    const trade = resource
    if (!isRecord(trade) || !isRecord(trade.amount)) return undefined
    const { appid, mchid, out_trade_no: orderNo, transaction_id: transactionId, trade_state: state } = trade
    const { total, currency } = trade.amount
    if (mchid !== this.mchId || !nonEmpty(appid) || !nonEmpty(orderNo) || !nonEmpty(state)) return undefined
    if (!Number.isSafeInteger(total) || (total as number) < 0 || !nonEmpty(currency)) return undefined
    const outcome = state === 'SUCCESS' ? 'paid' : FAILED_STATES.has(state) ? 'failed' : 'pending'
    if (outcome === 'paid' && (!nonEmpty(transactionId) || (total as number) <= 0)) return undefined
    if (transactionId !== undefined && typeof transactionId !== 'string') return undefined
    return {
      kind: 'payment',
      provider: 'wechatpay',
      orderNo,
      amount: total as number,
      currency,
      appId: appid,
      merchantId: mchid,
      providerTradeNo: transactionId ?? '',
      outcome,
    }
  }

  private verifiedRefund(refund: Json): Gateway.VerifiedRefundNotification | undefined {
    const { mchid, out_trade_no: orderNo, out_refund_no: refundNo, refund_id: refundId, refund_status: status } = refund
    if (mchid !== this.mchId || !nonEmpty(orderNo) || !nonEmpty(refundNo) || !nonEmpty(refundId)) return undefined
    const state = REFUND_STATES.get(status)
    if (!state) return undefined
    return { kind: 'refund', provider: 'wechatpay', refundNo, orderNo, providerRefundNo: refundId, merchantId: mchid, state }
  }

  private signedByPlatform(
    timestamp: string | undefined,
    nonce: string | undefined,
    signature: string | undefined,
    serial: string | undefined,
    body: string,
  ): boolean {
    if (!timestamp || !nonce || !signature || serial !== this.platformSerial) return false
    if (!timestampFresh(timestamp, this.now())) return false
    return rsaVerify(responseMessage(timestamp, nonce, body), signature, this.platformKey)
  }

  /** One signed call; the answer is returned only if WeChat's signature on it checks out. */
  private async call(method: 'GET' | 'POST', pathAndQuery: string, payload?: unknown): Promise<Answer> {
    const url = new URL(`${this.baseUrl}${pathAndQuery}`)
    const body = payload === undefined ? '' : JSON.stringify(payload)
    const timestamp = String(Math.floor(this.now() / 1000))
    const nonce = nonceString()
    // The whole path is signed, prefix included, because that is what the server sees.
    const signature = rsaSign(requestMessage(method, `${url.pathname}${url.search}`, timestamp, nonce, body), this.merchantKey)
    const headers: Record<string, string> = {
      authorization: authorizationHeader({ mchid: this.mchId, nonce, signature, timestamp, serial: this.merchantSerial }),
      accept: 'application/json',
      'user-agent': USER_AGENT,
    }
    if (payload !== undefined) headers['content-type'] = 'application/json'

    let status: number
    let text: string
    let answerHeaders: Headers
    try {
      const response = await fetch(url, {
        method,
        headers,
        ...(payload === undefined ? {} : { body }),
        signal: AbortSignal.timeout(this.timeoutMs),
      })
      status = response.status
      answerHeaders = response.headers
      text = await response.text()
    } catch (error) {
      throw new ProviderError(`wechatpay ${method} ${url.pathname} failed: ${(error as Error).message}`, error)
    }

    let data: Json | undefined
    try {
      const parsed = text === '' ? {} : (JSON.parse(text) as unknown)
      data = isRecord(parsed) ? parsed : undefined
    } catch {
      data = undefined
    }
    const signed = this.signedByPlatform(
      answerHeaders.get('wechatpay-timestamp') ?? undefined,
      answerHeaders.get('wechatpay-nonce') ?? undefined,
      answerHeaders.get('wechatpay-signature') ?? undefined,
      answerHeaders.get('wechatpay-serial') ?? undefined,
      text,
    )
    if (!signed) {
      // Errors such as a refused merchant signature may come unsigned: still worth naming in the log.
      const detail = status >= 300 && data ? ` ${fieldText(data.code)} ${fieldText(data.message)}`.trimEnd() : ''
      throw new ProviderError(`wechatpay answer to ${method} ${url.pathname} (HTTP ${status}${detail}) failed the platform signature check`)
    }
    if (!data) throw new ProviderError(`wechatpay answer to ${method} ${url.pathname} (HTTP ${status}) is not a JSON object`)
    return { status, data }
  }

  private expectOk(answer: Answer): Answer {
    if (answer.status >= 200 && answer.status < 300) return answer
    throw this.refusal(answer)
  }

  private refusal(answer: Answer): ProviderError {
    const { code, message } = answer.data
    return new ProviderError(`wechatpay answered HTTP ${answer.status} ${fieldText(code)}: ${fieldText(message)}`)
  }
}
