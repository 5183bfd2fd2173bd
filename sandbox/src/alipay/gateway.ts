import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Books, Trade, TradeState } from '../books.ts'
import { cashierStateOf, renderCashierPage } from '../cashier-page.ts'
import { alipayTime, parseAlipayTime } from '../china-time.ts'
import type { NotificationSender } from '../deliver.ts'
import type { GatewayKeys } from '../keys.ts'
import { digits, fenToYuan, rsaSign, rsaVerify, yuanToFen } from '../signing.ts'

// A stand-in for Alipay's gateway (openapi.alipay.com/gateway.do) that speaks
// its protocol: requests signed RSA2 by the merchant's key, page-pay URLs that
// open a cashier, signed async notifications, and signed OpenAPI answers for
// alipay.trade.query, .close, .refund and .fastpay.refund.query. The
// product's Alipay code cannot tell it from the real one.
//
// As with Alipay's page pay, a trade exists at the gateway only once the
// buyer opens the cashier (the GET of the page-pay URL): until then a close
// answers ACQ.TRADE_NOT_EXIST and the URL stays payable until its
// time_expire. Trade states here: WAIT (WAIT_BUYER_PAY), SUCCESS
// (TRADE_SUCCESS), PAYERROR (the cashier's Fail button), CLOSED (closed, or
// past time_expire) and REFUND (refunded in full); the last three all read
// TRADE_CLOSED, as Alipay reports them.

export interface AlipayGatewayOptions {
  keys: GatewayKeys['alipay']
  books: Books
  deliver: NotificationSender
}

type Params = Record<string, string>
type Answer = Record<string, unknown>

const PAGE_METHODS = new Set(['alipay.trade.page.pay', 'alipay.trade.wap.pay'])
const TRADE_STATUS = new Map<TradeState, string>([
  ['WAIT', 'WAIT_BUYER_PAY'],
  ['SUCCESS', 'TRADE_SUCCESS'],
  ['PAYERROR', 'TRADE_CLOSED'],
  ['CLOSED', 'TRADE_CLOSED'],
  ['REFUND', 'TRADE_CLOSED'],
])
const BUYER = { buyer_logon_id: 'san***@sandbox.com', buyer_user_id: '2088000000000001' }

/** Alipay's signing string: every non-empty parameter but the excluded ones, sorted, key=value joined by &. */
export function signingString(params: Params, exclude: string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
}

/** How every successful OpenAPI answer about a trade begins. */
function tradeAnswer(trade: Trade): Answer {
  return { code: '10000', msg: 'Success', trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo }
}

function failure(subCode: string, subMsg: string): Answer {
  return { code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

export default async function alipayGateway(app: FastifyInstance, options: AlipayGatewayOptions) {
  const { keys, books } = options

  /** The request's parameters (query and form body) if the merchant's signature checks out. */
  function signedParams(query: unknown, body: unknown): Params | undefined {
    const params: Params = {}
    for (const source of [query, body]) {
      if (source && typeof source === 'object') {
        for (const [k, v] of Object.entries(source)) if (typeof v === 'string') params[k] = v
      }
    }
    if (params.app_id !== keys.appId || !params.sign || params.sign_type !== 'RSA2') return undefined
    return rsaVerify(signingString(params, ['sign', 'result']), params.sign, keys.app.publicKey) ? params : undefined
  }

  function bizOf(params: Params): Record<string, unknown> | undefined {
    try {
      const biz = JSON.parse(params.biz_content ?? '') as unknown
      return typeof biz === 'object' && biz !== null && !Array.isArray(biz) ? (biz as Record<string, unknown>) : undefined
    } catch {
      return undefined
    }
  }

  /** The trade an OpenAPI call names: trade_no wins over out_trade_no, as Alipay documents. */
  function locate(biz: Record<string, unknown>): Trade | undefined {
    const tradeNo = text(biz.trade_no)
    if (tradeNo) return books.trade('alipay', 'tradeNo', tradeNo)
    const outTradeNo = text(biz.out_trade_no)
    return outTradeNo ? books.trade('alipay', 'outTradeNo', outTradeNo) : undefined
  }

  /** Records the trade a page-pay request describes; a waiting trade takes the newest request's terms. */
  function openTrade(params: Params): Trade | string {
    if (!PAGE_METHODS.has(params.method ?? '')) return 'unsupported method'
    const biz = bizOf(params)
    if (!biz) return 'biz_content is not JSON'
    const outTradeNo = text(biz.out_trade_no)
    const amount = yuanToFen(biz.total_amount)
    if (!/^[A-Za-z0-9_-]{6,32}$/.test(outTradeNo) || !amount || typeof biz.subject !== 'string' || !params.notify_url)
      return 'missing or invalid trade fields'
    const expiresAt = biz.time_expire === undefined ? null : parseAlipayTime(biz.time_expire)
    if (expiresAt === undefined) return 'time_expire must be yyyy-MM-dd HH:mm:ss (China time)'
    // Looked up first, so a waiting trade past its deadline is closed before new terms could revive it.
    const existing = books.trade('alipay', 'outTradeNo', outTradeNo)
    const terms = {
      amount,
      currency: typeof biz.trans_currency === 'string' ? biz.trans_currency : 'CNY',
      subject: biz.subject.slice(0, 300),
      notifyUrl: params.notify_url,
      returnUrl: params.return_url ?? null,
      expiresAt,
    }
    if (!existing) {
      const now = new Date()
      books.addTrade({
        provider: 'alipay',
        tradeKey: randomBytes(12).toString('base64url'),
        outTradeNo,
        appId: keys.appId,
        merchantId: null,
        ...terms,
        state: 'WAIT',
        tradeNo: `${alipayTime(now).slice(0, 10).replaceAll('-', '')}22001${digits(15)}`,
        createdAt: now,
        updatedAt: now,
      })
    } else if (existing.state === 'WAIT') {
      Object.assign(existing, terms, { updatedAt: new Date() })
      books.save()
    }
    // Looked up again: a deadline already past closes the trade at once.
    return books.trade('alipay', 'outTradeNo', outTradeNo)!
  }

  function page(reply: FastifyReply, status: number, html: string) {
    return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html)
  }

  function errorPage(reply: FastifyReply, status: number, message: string) {
    return page(
      reply,
      status,
      `<!doctype html><meta charset="utf-8"><title>Alipay sandbox</title><p style="font-family:sans-serif">Alipay sandbox: ${message.replace(/[<>&]/g, '')}</p>`,
    )
  }

  function cashier(reply: FastifyReply, request: FastifyRequest, trade: Trade) {
    return page(
      reply,
      200,
      renderCashierPage({
        provider: 'alipay',
        subject: trade.subject,
        amount: trade.amount,
        currency: trade.currency,
        orderNo: trade.outTradeNo,
        actionUrl: request.url,
        ...cashierStateOf(trade),
      }),
    )
  }

  async function notify(trade: Trade, state: 'TRADE_SUCCESS' | 'TRADE_CLOSED') {
    const now = alipayTime(new Date())
    const params: Params = {
      notify_time: now,
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: keys.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      total_amount: fenToYuan(trade.amount),
      receipt_amount: fenToYuan(trade.amount),
      buyer_pay_amount: state === 'TRADE_SUCCESS' ? fenToYuan(trade.amount) : '0.00',
      subject: trade.subject,
      trade_status: state,
      gmt_create: alipayTime(trade.createdAt),
      buyer_id: BUYER.buyer_user_id,
      ...(state === 'TRADE_SUCCESS' ? { gmt_payment: now } : { gmt_close: now }),
      ...(trade.currency === 'CNY' ? {} : { trans_currency: trade.currency }),
    }
    params.sign = rsaSign(signingString(params, ['sign', 'sign_type']), keys.platform.privateKey)
    return options.deliver(trade.notifyUrl, {
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(params).toString(),
    })
  }

  // ---- OpenAPI methods ----

  function query(biz: Record<string, unknown>): Answer {
    const trade = locate(biz)
    if (!trade) return failure('ACQ.TRADE_NOT_EXIST', '交易不存在')
    const paid = trade.state === 'SUCCESS' || trade.state === 'REFUND'
    return {
      ...tradeAnswer(trade),
      buyer_logon_id: BUYER.buyer_logon_id,
      trade_status: TRADE_STATUS.get(trade.state) ?? 'TRADE_CLOSED',
      total_amount: fenToYuan(trade.amount),
      ...(paid ? { send_pay_date: alipayTime(trade.updatedAt), buyer_user_id: BUYER.buyer_user_id } : {}),
    }
  }

  function close(biz: Record<string, unknown>): Answer {
    const trade = locate(biz)
    if (!trade) return failure('ACQ.TRADE_NOT_EXIST', '交易不存在')
    // Only a trade waiting for payment can be closed; paid, failed and closed ones answer the same refusal.
    if (trade.state !== 'WAIT') return failure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法')
    books.setState(trade, 'CLOSED')
    return tradeAnswer(trade)
  }

  function refundAnswer(trade: Trade, refunded: number, fundChange: 'Y' | 'N', at: Date): Answer {
    return {
      ...tradeAnswer(trade),
      buyer_logon_id: BUYER.buyer_logon_id,
      fund_change: fundChange,
      refund_fee: fenToYuan(refunded),
      gmt_refund_pay: alipayTime(at),
      buyer_user_id: BUYER.buyer_user_id,
    }
  }

  function refund(biz: Record<string, unknown>): Answer {
    const amount = yuanToFen(biz.refund_amount)
    if (!amount) return failure('ACQ.INVALID_PARAMETER', '参数无效: refund_amount')
    const reason = text(biz.refund_reason).slice(0, 200)
    const currency = text(biz.refund_currency)
    // No await from here to the booking: two copies of one request refund once and two refunds never overdraw a trade.
    const trade = locate(biz)
    if (!trade) return failure('ACQ.TRADE_NOT_EXIST', '交易不存在')
    // Alipay's default out_request_no is the out_trade_no (one full refund).
    const outRequestNo = text(biz.out_request_no) || trade.outTradeNo
    if (outRequestNo.length > 64) return failure('ACQ.INVALID_PARAMETER', '参数无效: out_request_no')
    const refunded = books.refunded('alipay', trade.outTradeNo, ['SUCCESS'])
    const repeat = books.refund('alipay', outRequestNo)
    if (repeat) {
      // The same request again: the same answer, and no money moves (fund_change N).
      if (repeat.outTradeNo === trade.outTradeNo && repeat.amount === amount) return refundAnswer(trade, refunded, 'N', repeat.createdAt)
      return failure('ACQ.DISCORDANT_REPEAT_REQUEST', '不一致的请求')
    }
    if (trade.state !== 'SUCCESS') return failure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法')
    if (currency !== '' && currency !== trade.currency) return failure('ACQ.INVALID_PARAMETER', '参数无效: refund_currency')
    if (refunded + amount > trade.amount) return failure('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限')
    const now = new Date()
    books.addRefund({
      provider: 'alipay',
      refundKey: `${trade.tradeNo}-${digits(6)}`,
      outRefundNo: outRequestNo,
      outTradeNo: trade.outTradeNo,
      amount,
      currency: trade.currency,
      reason: reason || null,
      notifyUrl: null,
      state: 'SUCCESS',
      createdAt: now,
      updatedAt: now,
    })
    // A trade refunded in full is closed; one refunded in part stays TRADE_SUCCESS. Its updatedAt stays the payment's time.
    if (refunded + amount === trade.amount) books.setState(trade, 'REFUND', trade.updatedAt)
    return refundAnswer(trade, refunded + amount, 'Y', now)
  }

  function refundQuery(biz: Record<string, unknown>): Answer {
    const outRequestNo = text(biz.out_request_no)
    if (!outRequestNo) return failure('ACQ.INVALID_PARAMETER', '参数无效: out_request_no')
    const trade = locate(biz)
    if (!trade) return failure('ACQ.TRADE_NOT_EXIST', '交易不存在')
    const row = books.refund('alipay', outRequestNo)
    // No such refund: Alipay answers success without refund fields.
    if (!row || row.outTradeNo !== trade.outTradeNo)
      return { code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, out_request_no: outRequestNo }
    const options = Array.isArray(biz.query_options) ? biz.query_options : []
    return {
      ...tradeAnswer(trade),
      out_request_no: row.outRefundNo,
      total_amount: fenToYuan(trade.amount),
      refund_amount: fenToYuan(row.amount),
      refund_status: 'REFUND_SUCCESS',
      ...(options.includes('gmt_refund_pay') ? { gmt_refund_pay: alipayTime(row.createdAt) } : {}),
    }
  }

  const METHODS = new Map<string, (biz: Record<string, unknown>) => Answer>([
    ['alipay.trade.query', query],
    ['alipay.trade.close', close],
    ['alipay.trade.refund', refund],
    ['alipay.trade.fastpay.refund.query', refundQuery],
  ])

  // The cashier: a signed page-pay URL opens it.
  app.get('/gateway.do', async (request, reply) => {
    const params = signedParams(request.query, undefined)
    if (!params) return errorPage(reply, 400, 'invalid signature (isv.invalid-signature)')
    const trade = openTrade(params)
    if (typeof trade === 'string') return errorPage(reply, 400, trade)
    return cashier(reply, request, trade)
  })

  app.post('/gateway.do', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>
    const params = signedParams(request.query, body)
    const result = typeof body.result === 'string' ? body.result : undefined

    if (result !== undefined) {
      // The cashier's Pay or Fail button.
      if (!params) return errorPage(reply, 400, 'invalid signature (isv.invalid-signature)')
      if (result !== 'success' && result !== 'fail') return errorPage(reply, 400, 'result must be success or fail')
      const opened = openTrade(params)
      if (typeof opened === 'string') return errorPage(reply, 400, opened)
      // Past its deadline, or closed, a trade takes no payment whatever the page still shows.
      const finished = books.finish(opened, result === 'success' ? 'SUCCESS' : 'PAYERROR')
      if (finished) {
        // A merchant that does not take the notification learns of the payment by query, as with Alipay; the buyer goes back either way.
        await notify(opened, result === 'success' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED').then(
          (answer) =>
            answer.body.trim() === 'success' ||
            request.log.warn(
              { orderNo: opened.outTradeNo, status: answer.status },
              'alipay gateway: merchant did not acknowledge the notification',
            ),
          (error: unknown) => request.log.warn({ err: error, orderNo: opened.outTradeNo }, 'alipay gateway: notification not delivered'),
        )
      } else {
        if (opened.state === 'CLOSED' || opened.state === 'REFUND') return cashier(reply, request, opened)
      }
      const back = opened.returnUrl ?? '/'
      return reply.redirect(`${back}${back.includes('?') ? '&' : '?'}out_trade_no=${encodeURIComponent(opened.outTradeNo)}`, 303)
    }

    // OpenAPI calls (the SDK's exec): answered as JSON signed over the response object's exact text.
    // Unsigned requests are still answered under their method's key, wherever they put it.
    const method = params?.method ?? (text((request.query as Record<string, unknown>).method) || text(body.method) || 'unknown')
    const responseKey = `${String(method).replaceAll('.', '_')}_response`
    let inner: Answer
    if (!params) {
      inner = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: 'invalid signature' }
    } else {
      const handler = METHODS.get(String(method))
      const biz = bizOf(params)
      inner = !handler
        ? { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method', sub_msg: 'unsupported in the sandbox' }
        : !biz
          ? failure('ACQ.INVALID_PARAMETER', '参数无效: biz_content')
          : handler(biz)
    }
    const innerText = JSON.stringify(inner)
    const answer = `{"${responseKey}":${innerText},"sign":"${rsaSign(innerText, keys.platform.privateKey)}"}`
    return reply.type('application/json; charset=utf-8').send(answer)
  })
}
