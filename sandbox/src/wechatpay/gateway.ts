import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PAID, type Books, type Trade, type TradeState } from '../books.ts'
import { cashierStateOf, renderCashierPage, type CashierLang } from '../cashier-page.ts'
import { parseWechatTime, wechatTime } from '../china-time.ts'
import type { NotificationSender } from '../deliver.ts'
import type { GatewayKeys } from '../keys.ts'
import { digits, httpUrl, isRecord, rsaVerify } from '../signing.ts'
import { event, fresh, parseAuthorization, requestMessage, signedReply, WechatError } from './protocol.ts'
import { refundRoutes } from './refunds.ts'

// A stand-in for WeChat Pay's API v3 host that speaks its protocol: requests
// signed by the merchant's key, answers signed by the platform key, a cashier
// page behind code_url / h5_url, AES-256-GCM encrypted notifications, closes,
// and refunds that are accepted as PROCESSING and succeed shortly after with a
// REFUND.SUCCESS notification. The product's WeChat Pay code cannot tell it
// from api.mch.weixin.qq.com.
//
// Trade states here are WeChat's trade_state, but for WAIT (NOTPAY): SUCCESS,
// PAYERROR, CLOSED (closed by the merchant, or past time_expire) and REFUND
// (refunded in full).
//
// Not wrapped in fastify-plugin on purpose: its body parsers and error
// handler must stay inside its own prefix.

export interface WechatPayGatewayOptions {
  keys: GatewayKeys['wechatpay']
  books: Books
  /** The absolute origin and prefix under which a browser reaches this plugin, e.g. http://127.0.0.1:3002/wechatpay */
  publicBaseUrl: string
  deliver: NotificationSender
  /** Where the payer's browser goes once the cashier is done with an order; none: the cashier shows the result only */
  payBackUrl?: ((orderNo: string) => string) | undefined
  /** How long a refund stays PROCESSING before it succeeds and is notified (default 1000 ms) */
  refundDelayMs?: number
}

const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/
const TRADE_STATE_DESC = new Map<string, string>([
  ['SUCCESS', '支付成功'],
  ['NOTPAY', '订单未支付'],
  ['PAYERROR', '支付失败'],
  ['CLOSED', '订单已关闭'],
  ['REFUND', '订单发生退款'],
])

/** A 28-digit transaction id shaped like WeChat's (4200…, with the date inside). */
function transactionId(now = new Date()): string {
  return `42000${digits(5)}${wechatTime(now).slice(0, 10).replaceAll('-', '')}${digits(10)}`
}

function langOf(request: FastifyRequest): CashierLang {
  const query = request.query as Record<string, unknown> | undefined
  if (query?.lang === 'en-US' || query?.lang === 'zh-CN') return query.lang
  return request.headers['accept-language']?.trim().toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN'
}

/**
 * The deadline WeChat keeps for a requested time_expire: its Native-order
 * docs move one earlier than a minute after the order to that minute, and one
 * later than 90 days to the 90th day.
 */
function effectiveDeadline(requested: Date, orderedAt: Date): Date {
  const earliest = orderedAt.getTime() + 60_000
  const latest = orderedAt.getTime() + 90 * 86_400_000
  return new Date(Math.min(Math.max(requested.getTime(), earliest), latest))
}

export default async function wechatpayGateway(app: FastifyInstance, options: WechatPayGatewayOptions) {
  const { keys, books, deliver, payBackUrl } = options
  const platform = { privateKey: keys.platform.privateKey, serial: keys.platformSerial }
  const publicBaseUrl = options.publicBaseUrl.replace(/\/+$/, '')
  const refundDelayMs = options.refundDelayMs ?? 1000

  // Work that must wait until an answer has gone out (a refund's settlement):
  // run from onResponse, and cut short when the server closes.
  const afterResponse = new WeakMap<FastifyRequest, () => void>()
  const timers = new Set<NodeJS.Timeout>()
  const running = new Set<Promise<void>>()
  function later(delayMs: number, job: () => Promise<void>) {
    const timer = setTimeout(() => {
      timers.delete(timer)
      const run = job().catch((error: unknown) => app.log.warn({ err: error }, 'wechatpay gateway: deferred work failed'))
      running.add(run)
      void run.finally(() => running.delete(run))
    }, delayMs)
    timers.add(timer)
  }
  app.addHook('onResponse', async (request) => {
    const job = afterResponse.get(request)
    if (job) {
      afterResponse.delete(request)
      job()
    }
  })
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer)
    timers.clear()
    await Promise.allSettled([...running])
  })

  // Signatures cover the exact bytes received, whatever parsers the parent
  // registered; these replace them for this prefix only.
  app.removeContentTypeParser(['application/json', 'application/x-www-form-urlencoded'])
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    request.rawBody = text
    try {
      done(null, text.trim() === '' ? {} : JSON.parse(text))
    } catch {
      done(new WechatError(400, 'PARAM_ERROR', 'request body is not valid JSON'), undefined)
    }
  })
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    request.rawBody = text
    done(null, Object.fromEntries(new URLSearchParams(text)))
  })

  function page(reply: FastifyReply, status: number, html: string) {
    return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html)
  }

  function messagePage(reply: FastifyReply, status: number, zh: string, en: string) {
    const text = `${zh} / ${en}`.replace(/[&<>"']/g, '')
    return page(
      reply,
      status,
      `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>微信支付沙箱 WeChat Pay sandbox</title></head>
<body style="font:15px/1.5 sans-serif;margin:0;padding:48px 16px;background:#f2f3f5;color:#1f2329;text-align:center">
<p style="font-weight:700;color:#7a4b00">沙箱环境 · SANDBOX</p><p>${text}</p></body></html>
`,
    )
  }

  const signed = (reply: FastifyReply, status: number, payload?: unknown) => signedReply(reply, platform, status, payload)

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (request.url.includes('/cashier/')) {
      // A malformed form post (bad JSON, wrong content type, too large) is the browser's fault, not a sandbox failure.
      const clientStatus = error instanceof WechatError ? error.status : error.statusCode
      if (typeof clientStatus === 'number' && clientStatus >= 400 && clientStatus < 500)
        return messagePage(reply, clientStatus, '请求无效', 'Bad request')
      request.log.error({ err: error }, 'wechatpay sandbox: cashier failed')
      return messagePage(reply, 500, '沙箱出错', 'The sandbox failed')
    }
    if (error instanceof WechatError) return signed(reply, error.status, { code: error.code, message: error.message })
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status === 500) request.log.error({ err: error }, 'wechatpay sandbox failed')
    return signed(
      reply,
      status,
      status === 500 ? { code: 'SYSTEM_ERROR', message: 'sandbox error' } : { code: 'PARAM_ERROR', message: error.message },
    )
  })

  /** Throws 401 SIGN_ERROR unless the merchant signed exactly this request, recently, with its key and serial. */
  function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization
    const auth = parseAuthorization(typeof header === 'string' ? header : undefined)
    if (!auth) throw new WechatError(401, 'SIGN_ERROR', 'Authorization header missing or malformed')
    if (auth.mchid !== keys.mchId) throw new WechatError(401, 'SIGN_ERROR', 'mchid in Authorization is not this merchant')
    if (auth.serial_no !== keys.merchantSerial) throw new WechatError(401, 'SIGN_ERROR', 'serial_no does not name the merchant certificate')
    if (!fresh(auth.timestamp)) throw new WechatError(401, 'SIGN_ERROR', 'timestamp outside the allowed window')
    const message = requestMessage(request.method, request.url, auth.timestamp, auth.nonce_str, request.rawBody ?? '')
    if (!rsaVerify(message, auth.signature, keys.merchant.publicKey)) throw new WechatError(401, 'SIGN_ERROR', 'signature does not verify')
  }

  /** The transaction as the query API describes it; notifications carry the same object encrypted. */
  function transaction(trade: Trade): Record<string, unknown> {
    const paid = PAID.has(trade.state)
    const tradeState = trade.state === 'WAIT' ? 'NOTPAY' : trade.state
    return {
      appid: trade.appId,
      mchid: trade.merchantId,
      out_trade_no: trade.outTradeNo,
      // Like WeChat, an order nobody has tried to pay has no transaction yet.
      ...(paid || tradeState === 'PAYERROR'
        ? { transaction_id: trade.tradeNo, bank_type: paid ? 'OTHERS' : '', payer: { openid: 'oSandboxPayer000000000000000' } }
        : {}),
      trade_state: tradeState,
      trade_state_desc: TRADE_STATE_DESC.get(tradeState) ?? tradeState,
      attach: '',
      // updated_at is the payment's time: a refund leaves it alone.
      ...(paid ? { success_time: wechatTime(trade.updatedAt) } : {}),
      amount: { total: trade.amount, payer_total: paid ? trade.amount : 0, currency: trade.currency, payer_currency: trade.currency },
    }
  }

  function openTrade(request: FastifyRequest, kind: 'native' | 'h5'): string {
    authenticate(request)
    const body = request.body
    if (!isRecord(body)) throw new WechatError(400, 'PARAM_ERROR', 'request body must be a JSON object')
    if (body.mchid !== keys.mchId) throw new WechatError(400, 'MCH_NOT_EXISTS', 'mchid is not this merchant')
    if (body.appid !== keys.appId) throw new WechatError(400, 'APPID_MCHID_NOT_MATCH', 'appid and mchid do not match')
    const description = body.description
    if (typeof description !== 'string' || description === '' || Array.from(description).length > 127) {
      throw new WechatError(400, 'PARAM_ERROR', 'description must be 1-127 characters')
    }
    const outTradeNo = body.out_trade_no
    if (typeof outTradeNo !== 'string' || !OUT_TRADE_NO.test(outTradeNo))
      throw new WechatError(400, 'PARAM_ERROR', 'out_trade_no must be 6-32 letters, digits or _-|*')
    if (!httpUrl(body.notify_url)) throw new WechatError(400, 'PARAM_ERROR', 'notify_url must be an absolute http(s) URL')
    const amount = isRecord(body.amount) ? body.amount : undefined
    const total = amount?.total
    if (typeof total !== 'number' || !Number.isSafeInteger(total) || total <= 0 || total > 2_147_483_647) {
      throw new WechatError(400, 'PARAM_ERROR', 'amount.total must be a positive integer (fen)')
    }
    const currency = amount?.currency ?? 'CNY'
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
      throw new WechatError(400, 'PARAM_ERROR', 'amount.currency must be an ISO 4217 code')
    if (kind === 'h5') {
      const scene = isRecord(body.scene_info) ? body.scene_info : undefined
      if (
        typeof scene?.payer_client_ip !== 'string' ||
        scene.payer_client_ip === '' ||
        !isRecord(scene.h5_info) ||
        typeof scene.h5_info.type !== 'string'
      ) {
        throw new WechatError(400, 'PARAM_ERROR', 'scene_info.payer_client_ip and scene_info.h5_info.type are required')
      }
    }
    const requested = body.time_expire === undefined ? null : parseWechatTime(body.time_expire)
    if (requested === undefined) throw new WechatError(400, 'PARAM_ERROR', 'time_expire must be RFC 3339, e.g. 2018-06-08T10:34:56+08:00')

    // A waiting trade takes the newest terms and keeps its cashier link; a
    // failed one opens again, as a payer may retry; a paid one stays paid; a
    // closed one (by the merchant or its deadline) stays closed.
    const existing = books.trade('wechatpay', 'outTradeNo', outTradeNo)
    const expiresAt = requested && effectiveDeadline(requested, existing?.createdAt ?? new Date())
    if (existing?.state === 'CLOSED') throw new WechatError(400, 'ORDER_CLOSED', '订单已关闭')
    if (existing && !PAID.has(existing.state) && expiresAt && existing.expiresAt && existing.expiresAt.getTime() !== expiresAt.getTime()) {
      // WeChat sets time_expire with the first order only.
      throw new WechatError(400, 'INVALID_REQUEST', 'time_expire 仅在首次下单时可设置，不允许修改')
    }
    if (PAID.has(existing?.state as TradeState)) throw new WechatError(400, 'ORDERPAID', '该订单已支付')
    const terms = { amount: total, currency, subject: description, notifyUrl: body.notify_url }
    let trade = existing
    if (!trade) {
      const now = new Date()
      trade = books.addTrade({
        provider: 'wechatpay',
        tradeKey: randomBytes(18).toString('base64url'),
        outTradeNo,
        appId: keys.appId,
        merchantId: keys.mchId,
        ...terms,
        returnUrl: null,
        state: 'WAIT',
        tradeNo: transactionId(now),
        createdAt: now,
        updatedAt: now,
        expiresAt,
      })
    } else {
      Object.assign(trade, terms, { expiresAt: trade.expiresAt ?? expiresAt })
      books.setState(trade, 'WAIT')
    }
    const tradeKey = trade.tradeKey
    return `${publicBaseUrl}/cashier/${tradeKey}`
  }

  app.post('/v3/pay/transactions/native', async (request, reply) => signed(reply, 200, { code_url: openTrade(request, 'native') }))
  app.post('/v3/pay/transactions/h5', async (request, reply) => signed(reply, 200, { h5_url: openTrade(request, 'h5') }))

  app.get<{ Params: { outTradeNo: string }; Querystring: { mchid?: string } }>(
    '/v3/pay/transactions/out-trade-no/:outTradeNo',
    async (request, reply) => {
      authenticate(request)
      if (request.query.mchid !== keys.mchId) throw new WechatError(400, 'PARAM_ERROR', 'mchid is missing or not this merchant')
      const trade = books.trade('wechatpay', 'outTradeNo', request.params.outTradeNo)
      if (!trade) return signed(reply, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' })
      return signed(reply, 200, transaction(trade))
    },
  )

  app.post<{ Params: { outTradeNo: string } }>('/v3/pay/transactions/out-trade-no/:outTradeNo/close', async (request, reply) => {
    authenticate(request)
    if (!isRecord(request.body) || request.body.mchid !== keys.mchId)
      throw new WechatError(400, 'PARAM_ERROR', 'mchid is missing or not this merchant')
    const trade = books.trade('wechatpay', 'outTradeNo', request.params.outTradeNo)
    if (!trade) throw new WechatError(404, 'ORDER_NOT_EXIST', '订单不存在')
    if (PAID.has(trade.state)) throw new WechatError(400, 'ORDERPAID', '订单已支付')
    // Closing a closed order answers 204 again; a failed one closes too.
    if (trade.state === 'WAIT' || trade.state === 'PAYERROR') books.setState(trade, 'CLOSED')
    return signed(reply, 204)
  })

  function cashierPage(request: FastifyRequest, reply: FastifyReply, trade: Trade, note?: string) {
    return page(
      reply,
      200,
      renderCashierPage({
        provider: 'wechatpay',
        subject: trade.subject,
        amount: trade.amount,
        currency: trade.currency,
        orderNo: trade.outTradeNo,
        actionUrl: `${publicBaseUrl}/cashier/${encodeURIComponent(trade.tradeKey)}`,
        ...cashierStateOf(trade),
        lang: langOf(request),
        ...(note ? { note } : {}),
        ...(trade.state === 'WAIT' || !payBackUrl ? {} : { backUrl: payBackUrl(trade.outTradeNo) }),
      }),
    )
  }

  app.get<{ Params: { tradeKey: string } }>('/cashier/:tradeKey', async (request, reply) => {
    const trade = books.trade('wechatpay', 'tradeKey', request.params.tradeKey)
    if (!trade) return messagePage(reply, 404, '没有这笔交易', 'No such trade')
    return cashierPage(request, reply, trade)
  })

  /** Delivers the trade's notification; a failure to reach the merchant is described, never thrown. */
  async function notify(trade: Trade): Promise<string | undefined> {
    const paid = trade.state === 'SUCCESS'
    try {
      const answer = await deliver(
        trade.notifyUrl,
        event(
          keys,
          paid ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.PAYERROR',
          paid ? '支付成功' : '支付失败',
          transaction(trade),
          'transaction',
          wechatTime(new Date()),
        ),
      )
      if (answer.status >= 200 && answer.status < 300) return undefined
      return `商户未确认通知（HTTP ${answer.status}），订单状态可能尚未更新。The merchant did not acknowledge the notification (HTTP ${answer.status}); the order may not be updated yet.`
    } catch (error) {
      app.log.warn({ err: error, orderNo: trade.outTradeNo }, 'wechatpay gateway: notification not delivered')
      return '通知未能送达商户，订单状态可能尚未更新。The notification could not be delivered; the order may not be updated yet.'
    }
  }

  app.post<{ Params: { tradeKey: string } }>('/cashier/:tradeKey', async (request, reply) => {
    const result = isRecord(request.body) ? request.body.result : undefined
    if (result !== 'success' && result !== 'fail')
      return messagePage(reply, 400, 'result 只能是 success 或 fail', 'result must be success or fail')
    const trade = books.trade('wechatpay', 'tradeKey', request.params.tradeKey)
    if (!trade) return messagePage(reply, 404, '没有这笔交易', 'No such trade')
    // Only a waiting trade finishes, so a double click, or two tabs, finish it once and notify once;
    // past its time_expire a trade takes no payment whatever the page still shows.
    if (books.finish(trade, result === 'success' ? 'SUCCESS' : 'PAYERROR')) {
      const note = await notify(trade)
      if (note) {
        request.log.warn({ orderNo: trade.outTradeNo }, 'wechatpay gateway: merchant did not acknowledge the notification')
        return cashierPage(request, reply, trade, note)
      }
    } else if (trade.state === 'CLOSED' || trade.state === 'REFUND') {
      // Closed or expired: say so rather than send the payer back as if something happened.
      return cashierPage(request, reply, trade)
    }
    if (!payBackUrl) return cashierPage(request, reply, trade)
    return reply.header('cache-control', 'no-store').redirect(payBackUrl(trade.outTradeNo), 303)
  })

  refundRoutes(app, { keys, books, deliver, signed, authenticate, refundDelayMs, afterResponse, later })
}
