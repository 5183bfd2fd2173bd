import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize'
import { parseWechatTime, wechatTime } from '../china-time.ts'
import type { NotificationSender } from '../types.ts'
import {
  encryptResource, nonceString, parseAuthorization, requestMessage, responseMessage, rsaSign, rsaVerify, timestampFresh,
} from '../wechatpay.ts'
import { renderCashierPage, type CashierLang, type CashierState } from './cashier-page.ts'
import type { SandboxKeys } from './keys.ts'

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

export interface WechatPaySandboxOptions {
  keys: SandboxKeys['wechatpay']
  sequelize: Sequelize
  /** The absolute origin and prefix under which a browser reaches this plugin, e.g. http://localhost:3000/sandbox/wechatpay */
  publicBaseUrl: string
  deliver: NotificationSender
  /** Where the payer's browser goes once the cashier is done with an order */
  payBackUrl: (orderNo: string) => string
  /** How long a refund stays PROCESSING before it succeeds and is notified (default 1000 ms) */
  refundDelayMs?: number
}

interface TradeRow {
  tradeKey: string
  outTradeNo: string
  appId: string
  merchantId: string
  amount: number
  currency: string
  subject: string
  notifyUrl: string
  state: string
  tradeNo: string
  createdAt: Date
  updatedAt: Date
  expiresAt: Date | null
}

interface RefundRow {
  refundKey: string
  outRefundNo: string
  outTradeNo: string
  amount: number
  currency: string
  notifyUrl: string | null
  state: string
  createdAt: Date
  updatedAt: Date
}

const TRADE_COLUMNS = `trade_key AS "tradeKey", out_trade_no AS "outTradeNo", app_id AS "appId", merchant_id AS "merchantId", amount, currency,
  subject, notify_url AS "notifyUrl", state, trade_no AS "tradeNo", created_at AS "createdAt", updated_at AS "updatedAt", expires_at AS "expiresAt"`
const REFUND_COLUMNS = `refund_key AS "refundKey", out_refund_no AS "outRefundNo", out_trade_no AS "outTradeNo", amount, currency, notify_url AS "notifyUrl",
  state, created_at AS "createdAt", updated_at AS "updatedAt"`

const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/
const OUT_REFUND_NO = /^[0-9A-Za-z_\-|*@]{1,64}$/
const TRADE_STATE_DESC = new Map([['SUCCESS', '支付成功'], ['NOTPAY', '订单未支付'], ['PAYERROR', '支付失败'], ['CLOSED', '订单已关闭'], ['REFUND', '订单发生退款']])
/** Trade states in which the buyer's money was taken. */
const PAID = new Set(['SUCCESS', 'REFUND'])

class WechatError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message)
  }
}

function digits(count: number): string {
  let text = ''
  for (let i = 0; i < count; i++) text += String(randomInt(10))
  return text
}

/** A 28-digit transaction id shaped like WeChat's (4200…, with the date inside). */
function transactionId(now = new Date()): string {
  return `42000${digits(5)}${wechatTime(now).slice(0, 10).replaceAll('-', '')}${digits(10)}`
}

/** A 29-digit refund id shaped like WeChat's (50…). */
function refundId(): string {
  return `50${digits(27)}`
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function httpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 500) return false
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

function langOf(request: FastifyRequest): CashierLang {
  const query = request.query as Record<string, unknown> | undefined
  if (query?.lang === 'en-US' || query?.lang === 'zh-CN') return query.lang
  return request.headers['accept-language']?.trim().toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN'
}

const CASHIER_STATES = new Map<string, CashierState>([['WAIT', 'WAIT'], ['SUCCESS', 'SUCCESS'], ['PAYERROR', 'FAIL'], ['CLOSED', 'CLOSED'], ['REFUND', 'REFUNDED']])

function cashierState(state: string): CashierState {
  return CASHIER_STATES.get(state) ?? 'FAIL'
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

function expired(trade: TradeRow): boolean {
  return trade.state === 'CLOSED' && trade.expiresAt !== null && trade.expiresAt.getTime() <= Date.now()
}

export default async function wechatpaySandbox(app: FastifyInstance, options: WechatPaySandboxOptions) {
  const { keys, sequelize, deliver, payBackUrl } = options
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
      const run = job().catch((error: unknown) => app.log.warn({ err: error }, 'wechatpay sandbox: deferred work failed'))
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
    return page(reply, status, `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>微信支付沙箱 WeChat Pay sandbox</title></head>
<body style="font:15px/1.5 sans-serif;margin:0;padding:48px 16px;background:#f2f3f5;color:#1f2329;text-align:center">
<p style="font-weight:700;color:#7a4b00">沙箱环境 · SANDBOX</p><p>${text}</p></body></html>
`)
  }

  /** Answers as WeChat does: JSON with the platform's signature in the Wechatpay-* headers; undefined is 204 with an empty (signed) body. */
  function signed(reply: FastifyReply, status: number, payload?: unknown) {
    const body = payload === undefined ? '' : JSON.stringify(payload)
    const timestamp = String(Math.floor(Date.now() / 1000))
    const nonce = nonceString()
    reply.status(status)
      .header('request-id', randomUUID())
      .header('wechatpay-timestamp', timestamp)
      .header('wechatpay-nonce', nonce)
      .header('wechatpay-serial', keys.platformSerial)
      .header('wechatpay-signature', rsaSign(responseMessage(timestamp, nonce, body), keys.platform.privateKey))
      .header('wechatpay-signature-type', 'WECHATPAY2-SHA256-RSA2048')
    return payload === undefined ? reply.send() : reply.type('application/json; charset=utf-8').send(body)
  }

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (request.url.includes('/cashier/')) {
      // A malformed form post (bad JSON, wrong content type, too large) is the browser's fault, not a sandbox failure.
      const clientStatus = error instanceof WechatError ? error.status : error.statusCode
      if (typeof clientStatus === 'number' && clientStatus >= 400 && clientStatus < 500) return messagePage(reply, clientStatus, '请求无效', 'Bad request')
      request.log.error({ err: error }, 'wechatpay sandbox: cashier failed')
      return messagePage(reply, 500, '沙箱出错', 'The sandbox failed')
    }
    if (error instanceof WechatError) return signed(reply, error.status, { code: error.code, message: error.message })
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status === 500) request.log.error({ err: error }, 'wechatpay sandbox failed')
    return signed(reply, status, status === 500 ? { code: 'SYSTEM_ERROR', message: 'sandbox error' } : { code: 'PARAM_ERROR', message: error.message })
  })

  /** Throws 401 SIGN_ERROR unless the merchant signed exactly this request, recently, with its key and serial. */
  function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization
    const auth = parseAuthorization(typeof header === 'string' ? header : undefined)
    if (!auth) throw new WechatError(401, 'SIGN_ERROR', 'Authorization header missing or malformed')
    if (auth.mchid !== keys.mchId) throw new WechatError(401, 'SIGN_ERROR', 'mchid in Authorization is not this merchant')
    if (auth.serial_no !== keys.merchantSerial) throw new WechatError(401, 'SIGN_ERROR', 'serial_no does not name the merchant certificate')
    if (!timestampFresh(auth.timestamp, Date.now())) throw new WechatError(401, 'SIGN_ERROR', 'timestamp outside the allowed window')
    const message = requestMessage(request.method, request.url, auth.timestamp, auth.nonce_str, request.rawBody ?? '')
    if (!rsaVerify(message, auth.signature, keys.merchant.publicKey)) throw new WechatError(401, 'SIGN_ERROR', 'signature does not verify')
  }

  type TradeColumn = 'trade_key' | 'out_trade_no' | 'trade_no'

  /** A waiting trade past its time_expire is closed: WeChat closes it on its own, whoever looks next sees it closed. */
  async function expireDue(column: TradeColumn, value: string, transaction?: Transaction) {
    await sequelize.query(
      `UPDATE sandbox_trade SET state = 'CLOSED', updated_at = now()
        WHERE provider = 'wechatpay' AND ${column} = $1 AND state = 'WAIT' AND expires_at <= now()`,
      { bind: [value], ...(transaction ? { transaction } : {}) },
    )
  }

  async function findTrade(column: TradeColumn, value: string, transaction?: Transaction): Promise<TradeRow | undefined> {
    await expireDue(column, value, transaction)
    const rows = await sequelize.query<TradeRow>(
      `SELECT ${TRADE_COLUMNS} FROM sandbox_trade WHERE provider = 'wechatpay' AND ${column} = $1${transaction ? ' FOR UPDATE' : ''}`,
      { bind: [value], type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
    )
    return rows[0]
  }

  /** The transaction as the query API describes it; notifications carry the same object encrypted. */
  function transaction(trade: TradeRow): Record<string, unknown> {
    const paid = PAID.has(trade.state)
    const tradeState = trade.state === 'WAIT' ? 'NOTPAY' : trade.state
    return {
      appid: trade.appId,
      mchid: trade.merchantId,
      out_trade_no: trade.outTradeNo,
      // Like WeChat, an order nobody has tried to pay has no transaction yet.
      ...(paid || tradeState === 'PAYERROR' ? { transaction_id: trade.tradeNo, bank_type: paid ? 'OTHERS' : '', payer: { openid: 'oSandboxPayer000000000000000' } } : {}),
      trade_state: tradeState,
      trade_state_desc: TRADE_STATE_DESC.get(tradeState) ?? tradeState,
      attach: '',
      // updated_at is the payment's time: a refund leaves it alone.
      ...(paid ? { success_time: wechatTime(trade.updatedAt) } : {}),
      amount: { total: trade.amount, payer_total: paid ? trade.amount : 0, currency: trade.currency, payer_currency: trade.currency },
    }
  }

  async function openTrade(request: FastifyRequest, kind: 'native' | 'h5') {
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
    if (typeof outTradeNo !== 'string' || !OUT_TRADE_NO.test(outTradeNo)) throw new WechatError(400, 'PARAM_ERROR', 'out_trade_no must be 6-32 letters, digits or _-|*')
    if (!httpUrl(body.notify_url)) throw new WechatError(400, 'PARAM_ERROR', 'notify_url must be an absolute http(s) URL')
    const amount = isRecord(body.amount) ? body.amount : undefined
    const total = amount?.total
    if (typeof total !== 'number' || !Number.isSafeInteger(total) || total <= 0 || total > 2_147_483_647) {
      throw new WechatError(400, 'PARAM_ERROR', 'amount.total must be a positive integer (fen)')
    }
    const currency = amount?.currency ?? 'CNY'
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) throw new WechatError(400, 'PARAM_ERROR', 'amount.currency must be an ISO 4217 code')
    if (kind === 'h5') {
      const scene = isRecord(body.scene_info) ? body.scene_info : undefined
      if (typeof scene?.payer_client_ip !== 'string' || scene.payer_client_ip === '' || !isRecord(scene.h5_info) || typeof scene.h5_info.type !== 'string') {
        throw new WechatError(400, 'PARAM_ERROR', 'scene_info.payer_client_ip and scene_info.h5_info.type are required')
      }
    }
    const requested = body.time_expire === undefined ? null : parseWechatTime(body.time_expire)
    if (requested === undefined) throw new WechatError(400, 'PARAM_ERROR', 'time_expire must be RFC 3339, e.g. 2018-06-08T10:34:56+08:00')

    // A waiting trade takes the newest terms and keeps its cashier link; a
    // failed one opens again, as a payer may retry; a paid one stays paid; a
    // closed one (by the merchant or its deadline) stays closed.
    const existing = await findTrade('out_trade_no', outTradeNo)
    const expiresAt = requested && effectiveDeadline(requested, existing?.createdAt ?? new Date())
    if (existing?.state === 'CLOSED') throw new WechatError(400, 'ORDER_CLOSED', '订单已关闭')
    if (existing && !PAID.has(existing.state) && expiresAt && existing.expiresAt && existing.expiresAt.getTime() !== expiresAt.getTime()) {
      // WeChat sets time_expire with the first order only.
      throw new WechatError(400, 'INVALID_REQUEST', 'time_expire 仅在首次下单时可设置，不允许修改')
    }
    const rows = await sequelize.query<{ tradeKey: string }>(
      `INSERT INTO sandbox_trade (provider, trade_key, out_trade_no, app_id, merchant_id, amount, currency, subject, notify_url, trade_no, expires_at)
       VALUES ('wechatpay', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (provider, out_trade_no) DO UPDATE SET amount = EXCLUDED.amount, currency = EXCLUDED.currency, subject = EXCLUDED.subject,
         notify_url = EXCLUDED.notify_url, expires_at = COALESCE(sandbox_trade.expires_at, EXCLUDED.expires_at), state = 'WAIT', updated_at = now()
       WHERE sandbox_trade.state IN ('WAIT', 'PAYERROR')
       RETURNING trade_key AS "tradeKey"`,
      {
        bind: [
          randomBytes(18).toString('base64url'), outTradeNo, keys.appId, keys.mchId, total, currency, description, body.notify_url, transactionId(), expiresAt,
        ],
        type: QueryTypes.SELECT,
      },
    )
    const tradeKey = rows[0]?.tradeKey
    if (!tradeKey) {
      const existing = await findTrade('out_trade_no', outTradeNo)
      if (existing?.state === 'CLOSED') throw new WechatError(400, 'ORDER_CLOSED', '订单已关闭')
      throw new WechatError(400, 'ORDERPAID', '该订单已支付')
    }
    return `${publicBaseUrl}/cashier/${tradeKey}`
  }

  app.post('/v3/pay/transactions/native', async (request, reply) => signed(reply, 200, { code_url: await openTrade(request, 'native') }))
  app.post('/v3/pay/transactions/h5', async (request, reply) => signed(reply, 200, { h5_url: await openTrade(request, 'h5') }))

  app.get<{ Params: { outTradeNo: string }; Querystring: { mchid?: string } }>('/v3/pay/transactions/out-trade-no/:outTradeNo', async (request, reply) => {
    authenticate(request)
    if (request.query.mchid !== keys.mchId) throw new WechatError(400, 'PARAM_ERROR', 'mchid is missing or not this merchant')
    const trade = await findTrade('out_trade_no', request.params.outTradeNo)
    if (!trade) return signed(reply, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' })
    return signed(reply, 200, transaction(trade))
  })

  app.post<{ Params: { outTradeNo: string } }>('/v3/pay/transactions/out-trade-no/:outTradeNo/close', async (request, reply) => {
    authenticate(request)
    if (!isRecord(request.body) || request.body.mchid !== keys.mchId) throw new WechatError(400, 'PARAM_ERROR', 'mchid is missing or not this merchant')
    const trade = await findTrade('out_trade_no', request.params.outTradeNo)
    if (!trade) throw new WechatError(404, 'ORDER_NOT_EXIST', '订单不存在')
    if (PAID.has(trade.state)) throw new WechatError(400, 'ORDERPAID', '订单已支付')
    // Closing a closed order answers 204 again; a failed one closes too.
    await sequelize.query(
      `UPDATE sandbox_trade SET state = 'CLOSED', updated_at = now() WHERE provider = 'wechatpay' AND out_trade_no = $1 AND state IN ('WAIT', 'PAYERROR')`,
      { bind: [trade.outTradeNo] },
    )
    return signed(reply, 204)
  })

  function cashierPage(request: FastifyRequest, reply: FastifyReply, trade: TradeRow, note?: string) {
    return page(reply, 200, renderCashierPage({
      provider: 'wechatpay', subject: trade.subject, amount: trade.amount, currency: trade.currency, orderNo: trade.outTradeNo,
      actionUrl: `${publicBaseUrl}/cashier/${encodeURIComponent(trade.tradeKey)}`, state: cashierState(trade.state), expired: expired(trade),
      lang: langOf(request), ...(note ? { note } : {}), ...(trade.state === 'WAIT' ? {} : { backUrl: payBackUrl(trade.outTradeNo) }),
    }))
  }

  app.get<{ Params: { tradeKey: string } }>('/cashier/:tradeKey', async (request, reply) => {
    const trade = await findTrade('trade_key', request.params.tradeKey)
    if (!trade) return messagePage(reply, 404, '没有这笔交易', 'No such trade')
    return cashierPage(request, reply, trade)
  })

  /** A signed, encrypted event as WeChat posts it to a notify_url. */
  function event(eventType: string, summary: string, resource: Record<string, unknown>, originalType: 'transaction' | 'refund') {
    const body = JSON.stringify({
      id: randomUUID(),
      create_time: wechatTime(new Date()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: encryptResource(keys.apiV3Key, JSON.stringify(resource), originalType, originalType),
    })
    const timestamp = String(Math.floor(Date.now() / 1000))
    const nonce = nonceString()
    return {
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': keys.platformSerial,
        'wechatpay-signature': rsaSign(responseMessage(timestamp, nonce, body), keys.platform.privateKey),
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      },
      body,
    }
  }

  /** Delivers the trade's notification; a failure to reach the merchant is described, never thrown. */
  async function notify(trade: TradeRow): Promise<string | undefined> {
    const paid = trade.state === 'SUCCESS'
    try {
      const answer = await deliver(trade.notifyUrl, event(
        paid ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.PAYERROR', paid ? '支付成功' : '支付失败', transaction(trade), 'transaction',
      ))
      if (answer.status >= 200 && answer.status < 300) return undefined
      return `商户未确认通知（HTTP ${answer.status}），订单状态可能尚未更新。The merchant did not acknowledge the notification (HTTP ${answer.status}); the order may not be updated yet.`
    } catch (error) {
      app.log.warn({ err: error, orderNo: trade.outTradeNo }, 'wechatpay sandbox: notification not delivered')
      return '通知未能送达商户，订单状态可能尚未更新。The notification could not be delivered; the order may not be updated yet.'
    }
  }

  app.post<{ Params: { tradeKey: string } }>('/cashier/:tradeKey', async (request, reply) => {
    const result = isRecord(request.body) ? request.body.result : undefined
    if (result !== 'success' && result !== 'fail') return messagePage(reply, 400, 'result 只能是 success 或 fail', 'result must be success or fail')
    // The WHERE state = 'WAIT' makes a double click, or two tabs, finish the trade once and notify once;
    // past its time_expire a trade takes no payment whatever the page still shows.
    const finished = await sequelize.query<TradeRow>(
      `UPDATE sandbox_trade SET state = $2, updated_at = now()
        WHERE provider = 'wechatpay' AND trade_key = $1 AND state = 'WAIT' AND (expires_at IS NULL OR expires_at > now())
       RETURNING ${TRADE_COLUMNS}`,
      { bind: [request.params.tradeKey, result === 'success' ? 'SUCCESS' : 'PAYERROR'], type: QueryTypes.SELECT },
    )
    const trade = finished[0] ?? await findTrade('trade_key', request.params.tradeKey)
    if (!trade) return messagePage(reply, 404, '没有这笔交易', 'No such trade')
    if (finished[0]) {
      const note = await notify(trade)
      if (note) {
        request.log.warn({ orderNo: trade.outTradeNo }, 'wechatpay sandbox: merchant did not acknowledge the notification')
        return cashierPage(request, reply, trade, note)
      }
    } else if (trade.state === 'CLOSED' || trade.state === 'REFUND') {
      // Closed or expired: say so rather than send the payer back as if something happened.
      return cashierPage(request, reply, trade)
    }
    return reply.header('cache-control', 'no-store').redirect(payBackUrl(trade.outTradeNo), 303)
  })

  // ---- refunds ----

  function refundObject(refund: RefundRow, trade: TradeRow): Record<string, unknown> {
    const succeeded = refund.state === 'SUCCESS'
    return {
      refund_id: refund.refundKey,
      out_refund_no: refund.outRefundNo,
      transaction_id: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(succeeded ? { success_time: wechatTime(refund.updatedAt) } : {}),
      create_time: wechatTime(refund.createdAt),
      status: refund.state,
      funds_account: 'AVAILABLE',
      amount: {
        total: trade.amount, refund: refund.amount, from: [], payer_total: trade.amount, payer_refund: refund.amount,
        settlement_refund: refund.amount, settlement_total: trade.amount, discount_refund: 0, currency: refund.currency, refund_fee: 0,
      },
      promotion_detail: [],
    }
  }

  async function findRefund(outRefundNo: string, transaction?: Transaction): Promise<RefundRow | undefined> {
    const rows = await sequelize.query<RefundRow>(
      `SELECT ${REFUND_COLUMNS} FROM sandbox_refund WHERE provider = 'wechatpay' AND out_refund_no = $1`,
      { bind: [outRefundNo], type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
    )
    return rows[0]
  }

  /** PROCESSING → SUCCESS, once (the conditional UPDATE), with the trade turning REFUND when refunded in full. */
  async function settleRefund(outRefundNo: string): Promise<RefundRow | undefined> {
    return sequelize.transaction(async (transaction) => {
      const [refund] = await sequelize.query<RefundRow>(
        `UPDATE sandbox_refund SET state = 'SUCCESS', updated_at = now() WHERE provider = 'wechatpay' AND out_refund_no = $1 AND state = 'PROCESSING'
         RETURNING ${REFUND_COLUMNS}`,
        { bind: [outRefundNo], type: QueryTypes.SELECT, transaction },
      )
      if (!refund) return undefined
      await sequelize.query(
        `UPDATE sandbox_trade t SET state = 'REFUND'
          WHERE t.provider = 'wechatpay' AND t.out_trade_no = $1 AND t.state = 'SUCCESS'
            AND t.amount <= (SELECT COALESCE(SUM(r.amount), 0) FROM sandbox_refund r
                              WHERE r.provider = 'wechatpay' AND r.out_trade_no = t.out_trade_no AND r.state = 'SUCCESS')`,
        { bind: [refund.outTradeNo], transaction },
      )
      return refund
    })
  }

  /** Settles a refund and posts REFUND.SUCCESS to its notify_url. */
  async function settleAndNotify(outRefundNo: string) {
    const refund = await settleRefund(outRefundNo)
    if (refund) await notifyRefund(refund)
  }

  /** Posts a settled refund's REFUND.SUCCESS to its notify_url; a merchant that does not answer is logged, as WeChat would retry. */
  async function notifyRefund(refund: RefundRow) {
    if (!refund.notifyUrl) return
    const trade = await findTrade('out_trade_no', refund.outTradeNo)
    if (!trade) return
    const resource = {
      mchid: trade.merchantId, out_trade_no: trade.outTradeNo, transaction_id: trade.tradeNo, out_refund_no: refund.outRefundNo,
      refund_id: refund.refundKey, refund_status: 'SUCCESS', success_time: wechatTime(refund.updatedAt), user_received_account: '支付用户零钱',
      amount: { total: trade.amount, refund: refund.amount, payer_total: trade.amount, payer_refund: refund.amount },
    }
    try {
      const answer = await deliver(refund.notifyUrl, event('REFUND.SUCCESS', '退款成功', resource, 'refund'))
      if (answer.status < 200 || answer.status >= 300) {
        app.log.warn({ outRefundNo: refund.outRefundNo, status: answer.status }, 'wechatpay sandbox: merchant did not acknowledge the refund notification')
      }
    } catch (error) {
      app.log.warn({ err: error, outRefundNo: refund.outRefundNo }, 'wechatpay sandbox: refund notification not delivered')
    }
  }

  app.post('/v3/refund/domestic/refunds', async (request, reply) => {
    authenticate(request)
    const body = request.body
    if (!isRecord(body)) throw new WechatError(400, 'PARAM_ERROR', 'request body must be a JSON object')
    const outRefundNo = body.out_refund_no
    if (typeof outRefundNo !== 'string' || !OUT_REFUND_NO.test(outRefundNo)) throw new WechatError(400, 'PARAM_ERROR', 'out_refund_no must be 1-64 letters, digits or _-|*@')
    const transactionIdValue = typeof body.transaction_id === 'string' && body.transaction_id !== '' ? body.transaction_id : undefined
    const outTradeNo = typeof body.out_trade_no === 'string' && body.out_trade_no !== '' ? body.out_trade_no : undefined
    if (!transactionIdValue && !outTradeNo) throw new WechatError(400, 'PARAM_ERROR', 'transaction_id or out_trade_no is required')
    const amount = isRecord(body.amount) ? body.amount : undefined
    const refund = amount?.refund
    const total = amount?.total
    if (typeof refund !== 'number' || !Number.isSafeInteger(refund) || refund <= 0 || typeof total !== 'number' || !Number.isSafeInteger(total) || total <= 0) {
      throw new WechatError(400, 'PARAM_ERROR', 'amount.refund and amount.total must be positive integers (fen)')
    }
    if (typeof amount?.currency !== 'string') throw new WechatError(400, 'PARAM_ERROR', 'amount.currency is required')
    if (body.reason !== undefined && (typeof body.reason !== 'string' || body.reason === '' || Array.from(body.reason).length > 80)) {
      throw new WechatError(400, 'PARAM_ERROR', 'reason must be 1-80 characters')
    }
    if (body.notify_url !== undefined && !httpUrl(body.notify_url)) throw new WechatError(400, 'PARAM_ERROR', 'notify_url must be an absolute http(s) URL')
    const notifyUrl = typeof body.notify_url === 'string' ? body.notify_url : null

    const answer = await sequelize.transaction(async (transaction) => {
      // The trade row is locked, so two copies of one request refund once and two refunds never overdraw it.
      const trade = transactionIdValue ? await findTrade('trade_no', transactionIdValue, transaction) : await findTrade('out_trade_no', outTradeNo!, transaction)
      if (!trade || (outTradeNo && trade.outTradeNo !== outTradeNo)) throw new WechatError(404, 'RESOURCE_NOT_EXISTS', '订单不存在')
      const existing = await findRefund(outRefundNo, transaction)
      if (existing) {
        // The same out_refund_no refunds once: a repeat answers the refund as it stands.
        if (existing.outTradeNo !== trade.outTradeNo || existing.amount !== refund) throw new WechatError(400, 'INVALID_REQUEST', '商户退款单号已用于另一笔退款')
        return { refund: existing, trade, created: false }
      }
      if (!PAID.has(trade.state)) throw new WechatError(400, 'INVALID_REQUEST', '订单未支付，不能退款')
      if (total !== trade.amount) throw new WechatError(400, 'INVALID_REQUEST', 'amount.total 与订单金额不一致')
      if (amount.currency !== trade.currency) throw new WechatError(400, 'PARAM_ERROR', 'amount.currency 与订单币种不一致')
      const [{ refunded }] = await sequelize.query<{ refunded: number }>(
        `SELECT COALESCE(SUM(amount), 0)::int AS refunded FROM sandbox_refund
          WHERE provider = 'wechatpay' AND out_trade_no = $1 AND state IN ('PROCESSING', 'SUCCESS')`,
        { bind: [trade.outTradeNo], type: QueryTypes.SELECT, transaction },
      ) as [{ refunded: number }]
      if (refunded + refund > trade.amount) throw new WechatError(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额')
      const [created] = await sequelize.query<RefundRow>(
        `INSERT INTO sandbox_refund (provider, refund_key, out_refund_no, out_trade_no, amount, currency, reason, notify_url)
         VALUES ('wechatpay', $1, $2, $3, $4, $5, $6, $7) RETURNING ${REFUND_COLUMNS}`,
        { bind: [refundId(), outRefundNo, trade.outTradeNo, refund, trade.currency, typeof body.reason === 'string' ? body.reason : null, notifyUrl], type: QueryTypes.SELECT, transaction },
      )
      return { refund: created!, trade, created: true }
    })
    if (answer.created) {
      // Accepted now, settled shortly after: never before this answer has gone out.
      afterResponse.set(request, () => later(refundDelayMs, () => settleAndNotify(outRefundNo)))
    }
    return signed(reply, 200, refundObject(answer.refund, answer.trade))
  })

  app.get<{ Params: { outRefundNo: string } }>('/v3/refund/domestic/refunds/:outRefundNo', async (request, reply) => {
    authenticate(request)
    let refund = await findRefund(request.params.outRefundNo)
    if (!refund) throw new WechatError(404, 'RESOURCE_NOT_EXISTS', '退款单不存在')
    if (refund.state === 'PROCESSING' && Date.now() - refund.createdAt.getTime() >= refundDelayMs) {
      // Due but not yet settled (say the instance that took it went away): settle now, notify once the answer is out.
      const settled = await settleRefund(refund.outRefundNo)
      if (settled) {
        refund = settled
        afterResponse.set(request, () => later(0, () => notifyRefund(settled)))
      } else {
        refund = (await findRefund(request.params.outRefundNo))!
      }
    }
    const trade = await findTrade('out_trade_no', refund.outTradeNo)
    if (!trade) throw new WechatError(404, 'RESOURCE_NOT_EXISTS', '订单不存在')
    return signed(reply, 200, refundObject(refund, trade))
  })
}
