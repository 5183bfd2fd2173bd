import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { QueryTypes, type Sequelize } from 'sequelize'
import type { NotificationSender } from '../types.ts'
import {
  encryptResource, nonceString, parseAuthorization, requestMessage, responseMessage, rsaSign, rsaVerify, timestampFresh,
} from '../wechatpay.ts'
import { renderCashierPage, type CashierLang, type CashierState } from './cashier-page.ts'
import type { SandboxKeys } from './keys.ts'

// A stand-in for WeChat Pay's API v3 host that speaks its protocol: requests
// signed by the merchant's key, answers signed by the platform key, a cashier
// page behind code_url / h5_url, and AES-256-GCM encrypted notifications. The
// product's WeChat Pay code cannot tell it from api.mch.weixin.qq.com.
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
}

const TRADE_COLUMNS = `trade_key AS "tradeKey", out_trade_no AS "outTradeNo", app_id AS "appId", merchant_id AS "merchantId", amount, currency,
  subject, notify_url AS "notifyUrl", state, trade_no AS "tradeNo", created_at AS "createdAt", updated_at AS "updatedAt"`

const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/

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

/** RFC 3339 in Beijing time, as WeChat writes its times. */
function rfc3339(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`
}

/** A 28-digit transaction id shaped like WeChat's (4200…, with the date inside). */
function transactionId(now = new Date()): string {
  return `42000${digits(5)}${rfc3339(now).slice(0, 10).replaceAll('-', '')}${digits(10)}`
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

function cashierState(state: string): CashierState {
  return state === 'WAIT' ? 'WAIT' : state === 'SUCCESS' ? 'SUCCESS' : 'FAIL'
}

export default async function wechatpaySandbox(app: FastifyInstance, options: WechatPaySandboxOptions) {
  const { keys, sequelize, deliver, payBackUrl } = options
  const publicBaseUrl = options.publicBaseUrl.replace(/\/+$/, '')

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

  /** Answers as WeChat does: JSON with the platform's signature in the Wechatpay-* headers. */
  function signed(reply: FastifyReply, status: number, payload: unknown) {
    const body = JSON.stringify(payload)
    const timestamp = String(Math.floor(Date.now() / 1000))
    const nonce = nonceString()
    return reply.status(status)
      .type('application/json; charset=utf-8')
      .header('request-id', randomUUID())
      .header('wechatpay-timestamp', timestamp)
      .header('wechatpay-nonce', nonce)
      .header('wechatpay-serial', keys.platformSerial)
      .header('wechatpay-signature', rsaSign(responseMessage(timestamp, nonce, body), keys.platform.privateKey))
      .header('wechatpay-signature-type', 'WECHATPAY2-SHA256-RSA2048')
      .send(body)
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

  async function findTrade(column: 'trade_key' | 'out_trade_no', value: string): Promise<TradeRow | undefined> {
    const rows = await sequelize.query<TradeRow>(
      `SELECT ${TRADE_COLUMNS} FROM sandbox_trade WHERE provider = 'wechatpay' AND ${column} = $1`,
      { bind: [value], type: QueryTypes.SELECT },
    )
    return rows[0]
  }

  /** The transaction as the query API describes it; notifications carry the same object encrypted. */
  function transaction(trade: TradeRow): Record<string, unknown> {
    const paid = trade.state === 'SUCCESS'
    const tradeState = paid ? 'SUCCESS' : trade.state === 'WAIT' ? 'NOTPAY' : 'PAYERROR'
    return {
      appid: trade.appId,
      mchid: trade.merchantId,
      out_trade_no: trade.outTradeNo,
      // Like WeChat, an order nobody has tried to pay has no transaction yet.
      ...(tradeState === 'NOTPAY' ? {} : { transaction_id: trade.tradeNo, bank_type: paid ? 'OTHERS' : '', payer: { openid: 'oSandboxPayer000000000000000' } }),
      trade_state: tradeState,
      trade_state_desc: { SUCCESS: '支付成功', NOTPAY: '订单未支付', PAYERROR: '支付失败' }[tradeState],
      attach: '',
      ...(paid ? { success_time: rfc3339(trade.updatedAt) } : {}),
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

    // A waiting trade takes the newest terms and keeps its cashier link; a
    // failed one opens again, as a payer may retry; a paid one stays paid.
    const rows = await sequelize.query<{ tradeKey: string }>(
      `INSERT INTO sandbox_trade (provider, trade_key, out_trade_no, app_id, merchant_id, amount, currency, subject, notify_url, trade_no)
       VALUES ('wechatpay', $1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (provider, out_trade_no) DO UPDATE SET amount = EXCLUDED.amount, currency = EXCLUDED.currency, subject = EXCLUDED.subject,
         notify_url = EXCLUDED.notify_url, state = 'WAIT', updated_at = now()
       WHERE sandbox_trade.state IN ('WAIT', 'PAYERROR')
       RETURNING trade_key AS "tradeKey"`,
      {
        bind: [randomBytes(18).toString('base64url'), outTradeNo, keys.appId, keys.mchId, total, currency, description, body.notify_url, transactionId()],
        type: QueryTypes.SELECT,
      },
    )
    const tradeKey = rows[0]?.tradeKey
    if (!tradeKey) throw new WechatError(400, 'ORDERPAID', '该订单已支付')
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

  app.get<{ Params: { tradeKey: string } }>('/cashier/:tradeKey', async (request, reply) => {
    const trade = await findTrade('trade_key', request.params.tradeKey)
    if (!trade) return messagePage(reply, 404, '没有这笔交易', 'No such trade')
    return page(reply, 200, renderCashierPage({
      provider: 'wechatpay', subject: trade.subject, amount: trade.amount, currency: trade.currency, orderNo: trade.outTradeNo,
      actionUrl: `${publicBaseUrl}/cashier/${encodeURIComponent(trade.tradeKey)}`, state: cashierState(trade.state), lang: langOf(request),
      ...(trade.state === 'WAIT' ? {} : { backUrl: payBackUrl(trade.outTradeNo) }),
    }))
  })

  /** Delivers the trade's notification; a failure to reach the merchant is described, never thrown. */
  async function notify(trade: TradeRow): Promise<string | undefined> {
    const paid = trade.state === 'SUCCESS'
    const event = {
      id: randomUUID(),
      create_time: rfc3339(new Date()),
      resource_type: 'encrypt-resource',
      event_type: paid ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.PAYERROR',
      summary: paid ? '支付成功' : '支付失败',
      resource: encryptResource(keys.apiV3Key, JSON.stringify(transaction(trade)), 'transaction'),
    }
    const body = JSON.stringify(event)
    const timestamp = String(Math.floor(Date.now() / 1000))
    const nonce = nonceString()
    try {
      const answer = await deliver(trade.notifyUrl, {
        headers: {
          'content-type': 'application/json',
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': nonce,
          'wechatpay-serial': keys.platformSerial,
          'wechatpay-signature': rsaSign(responseMessage(timestamp, nonce, body), keys.platform.privateKey),
          'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
        },
        body,
      })
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
    // The WHERE state = 'WAIT' makes a double click, or two tabs, finish the trade once and notify once.
    const finished = await sequelize.query<TradeRow>(
      `UPDATE sandbox_trade SET state = $2, updated_at = now() WHERE provider = 'wechatpay' AND trade_key = $1 AND state = 'WAIT'
       RETURNING ${TRADE_COLUMNS}`,
      { bind: [request.params.tradeKey, result === 'success' ? 'SUCCESS' : 'PAYERROR'], type: QueryTypes.SELECT },
    )
    const trade = finished[0] ?? await findTrade('trade_key', request.params.tradeKey)
    if (!trade) return messagePage(reply, 404, '没有这笔交易', 'No such trade')
    const back = payBackUrl(trade.outTradeNo)
    if (finished[0]) {
      const note = await notify(trade)
      if (note) {
        request.log.warn({ orderNo: trade.outTradeNo }, 'wechatpay sandbox: merchant did not acknowledge the notification')
        return page(reply, 200, renderCashierPage({
          provider: 'wechatpay', subject: trade.subject, amount: trade.amount, currency: trade.currency, orderNo: trade.outTradeNo,
          actionUrl: `${publicBaseUrl}/cashier/${encodeURIComponent(trade.tradeKey)}`, state: cashierState(trade.state), lang: langOf(request), note, backUrl: back,
        }))
      }
    }
    return reply.header('cache-control', 'no-store').redirect(back, 303)
  })
}
