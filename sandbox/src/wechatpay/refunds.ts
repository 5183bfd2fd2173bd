import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PAID, type Books, type Refund, type Trade } from '../books.ts'
import { wechatTime } from '../china-time.ts'
import type { NotificationSender } from '../deliver.ts'
import type { GatewayKeys } from '../keys.ts'
import { digits, httpUrl, isRecord } from '../signing.ts'
import { event, WechatError } from './protocol.ts'

// WeChat Pay's domestic refunds: accepted as PROCESSING, settled a moment
// later (never before the acceptance has gone out) and then announced by a
// signed, encrypted REFUND.SUCCESS notification; queried by out_refund_no.

const OUT_REFUND_NO = /^[0-9A-Za-z_\-|*@]{1,64}$/

export interface RefundContext {
  keys: GatewayKeys['wechatpay']
  books: Books
  deliver: NotificationSender
  signed: (reply: FastifyReply, status: number, payload?: unknown) => FastifyReply
  /** Throws 401 SIGN_ERROR unless the merchant signed the request */
  authenticate: (request: FastifyRequest) => void
  refundDelayMs: number
  /** Work to run once this request's answer has gone out */
  afterResponse: WeakMap<FastifyRequest, () => void>
  later: (delayMs: number, job: () => Promise<void>) => void
}

/** A 29-digit refund id shaped like WeChat's (50…). */
function refundId(): string {
  return `50${digits(27)}`
}

function refundObject(refund: Refund, trade: Trade): Record<string, unknown> {
  return {
    refund_id: refund.refundKey,
    out_refund_no: refund.outRefundNo,
    transaction_id: trade.tradeNo,
    out_trade_no: trade.outTradeNo,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    ...(refund.state === 'SUCCESS' ? { success_time: wechatTime(refund.updatedAt) } : {}),
    create_time: wechatTime(refund.createdAt),
    status: refund.state,
    funds_account: 'AVAILABLE',
    amount: {
      total: trade.amount,
      refund: refund.amount,
      from: [],
      payer_total: trade.amount,
      payer_refund: refund.amount,
      settlement_refund: refund.amount,
      settlement_total: trade.amount,
      discount_refund: 0,
      currency: refund.currency,
      refund_fee: 0,
    },
    promotion_detail: [],
  }
}

/** The refund request's fields, or a PARAM_ERROR. */
function refundRequest(body: unknown) {
  if (!isRecord(body)) throw new WechatError(400, 'PARAM_ERROR', 'request body must be a JSON object')
  const outRefundNo = body.out_refund_no
  if (typeof outRefundNo !== 'string' || !OUT_REFUND_NO.test(outRefundNo))
    throw new WechatError(400, 'PARAM_ERROR', 'out_refund_no must be 1-64 letters, digits or _-|*@')
  const transactionId = typeof body.transaction_id === 'string' && body.transaction_id !== '' ? body.transaction_id : undefined
  const outTradeNo = typeof body.out_trade_no === 'string' && body.out_trade_no !== '' ? body.out_trade_no : undefined
  if (!transactionId && !outTradeNo) throw new WechatError(400, 'PARAM_ERROR', 'transaction_id or out_trade_no is required')
  const amount = isRecord(body.amount) ? body.amount : undefined
  const refund = amount?.refund
  const total = amount?.total
  if (
    typeof refund !== 'number' ||
    !Number.isSafeInteger(refund) ||
    refund <= 0 ||
    typeof total !== 'number' ||
    !Number.isSafeInteger(total) ||
    total <= 0
  ) {
    throw new WechatError(400, 'PARAM_ERROR', 'amount.refund and amount.total must be positive integers (fen)')
  }
  const currency = amount?.currency
  if (typeof currency !== 'string') throw new WechatError(400, 'PARAM_ERROR', 'amount.currency is required')
  if (body.reason !== undefined && (typeof body.reason !== 'string' || body.reason === '' || Array.from(body.reason).length > 80)) {
    throw new WechatError(400, 'PARAM_ERROR', 'reason must be 1-80 characters')
  }
  const notifyUrl = body.notify_url === undefined ? null : httpUrl(body.notify_url) ? body.notify_url : undefined
  if (notifyUrl === undefined) throw new WechatError(400, 'PARAM_ERROR', 'notify_url must be an absolute http(s) URL')
  return {
    outRefundNo,
    transactionId,
    outTradeNo,
    refund,
    total,
    currency,
    reason: typeof body.reason === 'string' ? body.reason : null,
    notifyUrl,
  }
}

export function refundRoutes(app: FastifyInstance, context: RefundContext): void {
  const { keys, books, deliver, signed, authenticate, refundDelayMs, afterResponse, later } = context

  /** PROCESSING → SUCCESS, once, with the trade turning REFUND when refunded in full. */
  function settle(refund: Refund): boolean {
    if (refund.state !== 'PROCESSING') return false
    refund.state = 'SUCCESS'
    refund.updatedAt = new Date()
    const trade = books.trade('wechatpay', 'outTradeNo', refund.outTradeNo)
    // updatedAt stays the payment's time: the query reports it as success_time.
    if (trade?.state === 'SUCCESS' && trade.amount <= books.refunded('wechatpay', trade.outTradeNo, ['SUCCESS']))
      books.setState(trade, 'REFUND', trade.updatedAt)
    books.save()
    return true
  }

  /** Posts a settled refund's REFUND.SUCCESS to its notify_url; a merchant that does not answer is logged, as WeChat would retry. */
  async function notifyRefund(refund: Refund) {
    const trade = books.trade('wechatpay', 'outTradeNo', refund.outTradeNo)
    if (!refund.notifyUrl || !trade) return
    const resource = {
      mchid: trade.merchantId,
      out_trade_no: trade.outTradeNo,
      transaction_id: trade.tradeNo,
      out_refund_no: refund.outRefundNo,
      refund_id: refund.refundKey,
      refund_status: 'SUCCESS',
      success_time: wechatTime(refund.updatedAt),
      user_received_account: '支付用户零钱',
      amount: { total: trade.amount, refund: refund.amount, payer_total: trade.amount, payer_refund: refund.amount },
    }
    try {
      const answer = await deliver(refund.notifyUrl, event(keys, 'REFUND.SUCCESS', '退款成功', resource, 'refund', wechatTime(new Date())))
      if (answer.status < 200 || answer.status >= 300) {
        app.log.warn(
          { outRefundNo: refund.outRefundNo, status: answer.status },
          'wechatpay gateway: merchant did not acknowledge the refund notification',
        )
      }
    } catch (error) {
      app.log.warn({ err: error, outRefundNo: refund.outRefundNo }, 'wechatpay gateway: refund notification not delivered')
    }
  }

  app.post('/v3/refund/domestic/refunds', async (request, reply) => {
    authenticate(request)
    const input = refundRequest(request.body)
    // No await from here to the booking: two copies of one request refund once and two refunds never overdraw a trade.
    const trade = input.transactionId
      ? books.trade('wechatpay', 'tradeNo', input.transactionId)
      : books.trade('wechatpay', 'outTradeNo', input.outTradeNo!)
    if (!trade || (input.outTradeNo && trade.outTradeNo !== input.outTradeNo))
      throw new WechatError(404, 'RESOURCE_NOT_EXISTS', '订单不存在')
    const existing = books.refund('wechatpay', input.outRefundNo)
    if (existing) {
      // The same out_refund_no refunds once: a repeat answers the refund as it stands.
      if (existing.outTradeNo !== trade.outTradeNo || existing.amount !== input.refund)
        throw new WechatError(400, 'INVALID_REQUEST', '商户退款单号已用于另一笔退款')
      return signed(reply, 200, refundObject(existing, trade))
    }
    if (!PAID.has(trade.state)) throw new WechatError(400, 'INVALID_REQUEST', '订单未支付，不能退款')
    if (input.total !== trade.amount) throw new WechatError(400, 'INVALID_REQUEST', 'amount.total 与订单金额不一致')
    if (input.currency !== trade.currency) throw new WechatError(400, 'PARAM_ERROR', 'amount.currency 与订单币种不一致')
    if (books.refunded('wechatpay', trade.outTradeNo, ['PROCESSING', 'SUCCESS']) + input.refund > trade.amount) {
      throw new WechatError(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额')
    }
    const now = new Date()
    const refund = books.addRefund({
      provider: 'wechatpay',
      refundKey: refundId(),
      outRefundNo: input.outRefundNo,
      outTradeNo: trade.outTradeNo,
      amount: input.refund,
      currency: trade.currency,
      reason: input.reason,
      notifyUrl: input.notifyUrl,
      state: 'PROCESSING',
      createdAt: now,
      updatedAt: now,
    })
    // Accepted now, settled shortly after: never before this answer has gone out.
    afterResponse.set(request, () =>
      later(refundDelayMs, async () => {
        if (settle(refund)) await notifyRefund(refund)
      }),
    )
    return signed(reply, 200, refundObject(refund, trade))
  })

  app.get<{ Params: { outRefundNo: string } }>('/v3/refund/domestic/refunds/:outRefundNo', async (request, reply) => {
    authenticate(request)
    const refund = books.refund('wechatpay', request.params.outRefundNo)
    if (!refund) throw new WechatError(404, 'RESOURCE_NOT_EXISTS', '退款单不存在')
    // Due but not yet settled (say the gateway restarted meanwhile): settle now, notify once the answer is out.
    if (refund.state === 'PROCESSING' && Date.now() - refund.createdAt.getTime() >= refundDelayMs && settle(refund)) {
      afterResponse.set(request, () => later(0, () => notifyRefund(refund)))
    }
    const trade = books.trade('wechatpay', 'outTradeNo', refund.outTradeNo)
    if (!trade) throw new WechatError(404, 'RESOURCE_NOT_EXISTS', '订单不存在')
    return signed(reply, 200, refundObject(refund, trade))
  })
}
