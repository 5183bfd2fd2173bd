import { createSign, createVerify, randomBytes, randomInt } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize'
import { fenToYuan, yuanToFen } from '../alipay.ts'
import { alipayTime, parseAlipayTime } from '../china-time.ts'
import type { NotificationSender } from '../types.ts'
import { renderCashierPage, type CashierState } from './cashier-page.ts'
import type { SandboxKeys } from './keys.ts'

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

export interface AlipaySandboxOptions {
  keys: SandboxKeys['alipay']
  sequelize: Sequelize
  deliver: NotificationSender
}

type Params = Record<string, string>
type Answer = Record<string, unknown>

interface TradeRow {
  tradeKey: string
  outTradeNo: string
  amount: number
  currency: string
  subject: string
  notifyUrl: string
  returnUrl: string | null
  state: string
  tradeNo: string
  createdAt: Date
  updatedAt: Date
  expiresAt: Date | null
}

interface RefundRow {
  outRequestNo: string
  outTradeNo: string
  amount: number
  createdAt: Date
}

const TRADE_COLUMNS = `trade_key AS "tradeKey", out_trade_no AS "outTradeNo", amount, currency, subject, notify_url AS "notifyUrl",
  return_url AS "returnUrl", state, trade_no AS "tradeNo", created_at AS "createdAt", updated_at AS "updatedAt", expires_at AS "expiresAt"`
const REFUND_COLUMNS = `out_refund_no AS "outRequestNo", out_trade_no AS "outTradeNo", amount, created_at AS "createdAt"`

const PAGE_METHODS = new Set(['alipay.trade.page.pay', 'alipay.trade.wap.pay'])
const TRADE_STATUS = new Map([['WAIT', 'WAIT_BUYER_PAY'], ['SUCCESS', 'TRADE_SUCCESS'], ['PAYERROR', 'TRADE_CLOSED'], ['CLOSED', 'TRADE_CLOSED'], ['REFUND', 'TRADE_CLOSED']])
const CASHIER_STATES = new Map<string, CashierState>([['WAIT', 'WAIT'], ['SUCCESS', 'SUCCESS'], ['PAYERROR', 'FAIL'], ['CLOSED', 'CLOSED'], ['REFUND', 'REFUNDED']])
const BUYER = { buyer_logon_id: 'san***@sandbox.com', buyer_user_id: '2088000000000001' }

/** Alipay's signing string: every non-empty parameter but the excluded ones, sorted, key=value joined by &. */
export function signingString(params: Params, exclude: string[]): string {
  return Object.keys(params).filter((k) => !exclude.includes(k) && params[k] !== '' && params[k] !== undefined).sort()
    .map((k) => `${k}=${params[k]}`).join('&')
}

function rsaSign(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64')
}

function rsaVerify(content: string, signature: string, publicKey: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64')
  } catch {
    return false
  }
}

function digits(count: number): string {
  let text = ''
  for (let i = 0; i < count; i++) text += String(randomInt(10))
  return text
}

function failure(subCode: string, subMsg: string): Answer {
  return { code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

export default async function alipaySandbox(app: FastifyInstance, options: AlipaySandboxOptions) {
  const { keys, sequelize } = options

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
      return typeof biz === 'object' && biz !== null && !Array.isArray(biz) ? biz as Record<string, unknown> : undefined
    } catch {
      return undefined
    }
  }

  /** A waiting trade past its time_expire is closed: Alipay closes it on its own, whoever looks next sees it closed. */
  async function expireDue(column: 'out_trade_no' | 'trade_no', value: string, transaction?: Transaction) {
    await sequelize.query(
      `UPDATE sandbox_trade SET state = 'CLOSED', updated_at = now()
        WHERE provider = 'alipay' AND ${column} = $1 AND state = 'WAIT' AND expires_at <= now()`,
      { bind: [value], ...(transaction ? { transaction } : {}) },
    )
  }

  async function findTrade(column: 'out_trade_no' | 'trade_no', value: string, transaction?: Transaction): Promise<TradeRow | undefined> {
    await expireDue(column, value, transaction)
    const rows = await sequelize.query<TradeRow>(
      `SELECT ${TRADE_COLUMNS} FROM sandbox_trade WHERE provider = 'alipay' AND ${column} = $1${transaction ? ' FOR UPDATE' : ''}`,
      { bind: [value], type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
    )
    return rows[0]
  }

  /** The trade an OpenAPI call names: trade_no wins over out_trade_no, as Alipay documents. */
  function locate(biz: Record<string, unknown>, transaction?: Transaction): Promise<TradeRow | undefined> {
    const tradeNo = text(biz.trade_no)
    if (tradeNo) return findTrade('trade_no', tradeNo, transaction)
    const outTradeNo = text(biz.out_trade_no)
    return outTradeNo ? findTrade('out_trade_no', outTradeNo, transaction) : Promise.resolve(undefined)
  }

  /** Records the trade a page-pay request describes; a waiting trade takes the newest request's terms. */
  async function openTrade(params: Params): Promise<TradeRow | string> {
    if (!PAGE_METHODS.has(params.method ?? '')) return 'unsupported method'
    const biz = bizOf(params)
    if (!biz) return 'biz_content is not JSON'
    const outTradeNo = text(biz.out_trade_no)
    const amount = yuanToFen(biz.total_amount)
    if (!/^[A-Za-z0-9_-]{6,32}$/.test(outTradeNo) || !amount || typeof biz.subject !== 'string' || !params.notify_url) return 'missing or invalid trade fields'
    const expiresAt = biz.time_expire === undefined ? null : parseAlipayTime(biz.time_expire)
    if (expiresAt === undefined) return 'time_expire must be yyyy-MM-dd HH:mm:ss (China time)'
    // Closed first, so new terms never revive a trade whose deadline has passed.
    await expireDue('out_trade_no', outTradeNo)
    await sequelize.query(
      `INSERT INTO sandbox_trade (provider, trade_key, out_trade_no, app_id, amount, currency, subject, notify_url, return_url, trade_no, expires_at)
       VALUES ('alipay', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (provider, out_trade_no) DO UPDATE SET amount = EXCLUDED.amount, currency = EXCLUDED.currency, subject = EXCLUDED.subject,
         notify_url = EXCLUDED.notify_url, return_url = EXCLUDED.return_url, expires_at = EXCLUDED.expires_at, updated_at = now()
       WHERE sandbox_trade.state = 'WAIT'`,
      {
        bind: [
          randomBytes(12).toString('base64url'), outTradeNo, keys.appId, amount, typeof biz.trans_currency === 'string' ? biz.trans_currency : 'CNY',
          biz.subject.slice(0, 300), params.notify_url, params.return_url ?? null, `${alipayTime(new Date()).slice(0, 10).replaceAll('-', '')}22001${digits(15)}`,
          expiresAt,
        ],
      },
    )
    return (await findTrade('out_trade_no', outTradeNo))!
  }

  function page(reply: FastifyReply, status: number, html: string) {
    return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html)
  }

  function errorPage(reply: FastifyReply, status: number, message: string) {
    return page(reply, status, `<!doctype html><meta charset="utf-8"><title>Alipay sandbox</title><p style="font-family:sans-serif">Alipay sandbox: ${message.replace(/[<>&]/g, '')}</p>`)
  }

  function cashier(reply: FastifyReply, request: FastifyRequest, trade: TradeRow) {
    const expired = trade.state === 'CLOSED' && trade.expiresAt !== null && trade.expiresAt.getTime() <= Date.now()
    return page(reply, 200, renderCashierPage({
      provider: 'alipay', subject: trade.subject, amount: trade.amount, currency: trade.currency, orderNo: trade.outTradeNo,
      actionUrl: request.url, state: CASHIER_STATES.get(trade.state) ?? 'FAIL', expired,
    }))
  }

  async function notify(trade: TradeRow, state: 'TRADE_SUCCESS' | 'TRADE_CLOSED') {
    const now = alipayTime(new Date())
    const params: Params = {
      notify_time: now, notify_type: 'trade_status_sync', notify_id: randomBytes(16).toString('hex'), app_id: keys.appId, charset: 'utf-8',
      version: '1.0', sign_type: 'RSA2', trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, total_amount: fenToYuan(trade.amount),
      receipt_amount: fenToYuan(trade.amount), buyer_pay_amount: state === 'TRADE_SUCCESS' ? fenToYuan(trade.amount) : '0.00', subject: trade.subject,
      trade_status: state, gmt_create: alipayTime(trade.createdAt), buyer_id: BUYER.buyer_user_id,
      ...(state === 'TRADE_SUCCESS' ? { gmt_payment: now } : { gmt_close: now }),
      ...(trade.currency === 'CNY' ? {} : { trans_currency: trade.currency }),
    }
    params.sign = rsaSign(signingString(params, ['sign', 'sign_type']), keys.platform.privateKey)
    return options.deliver(trade.notifyUrl, { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: new URLSearchParams(params).toString() })
  }

  // ---- OpenAPI methods ----

  async function query(biz: Record<string, unknown>): Promise<Answer> {
    const trade = await locate(biz)
    if (!trade) return failure('ACQ.TRADE_NOT_EXIST', '交易不存在')
    const paid = trade.state === 'SUCCESS' || trade.state === 'REFUND'
    return {
      code: '10000', msg: 'Success', trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, buyer_logon_id: BUYER.buyer_logon_id,
      trade_status: TRADE_STATUS.get(trade.state) ?? 'TRADE_CLOSED', total_amount: fenToYuan(trade.amount),
      ...(paid ? { send_pay_date: alipayTime(trade.updatedAt), buyer_user_id: BUYER.buyer_user_id } : {}),
    }
  }

  async function close(biz: Record<string, unknown>): Promise<Answer> {
    const trade = await locate(biz)
    if (!trade) return failure('ACQ.TRADE_NOT_EXIST', '交易不存在')
    // Only a trade waiting for payment can be closed; paid, failed and closed ones answer the same refusal.
    const closed = await sequelize.query<{ state: string }>(
      `UPDATE sandbox_trade SET state = 'CLOSED', updated_at = now() WHERE provider = 'alipay' AND out_trade_no = $1 AND state = 'WAIT' RETURNING state`,
      { bind: [trade.outTradeNo], type: QueryTypes.SELECT },
    )
    if (closed.length === 0) return failure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法')
    return { code: '10000', msg: 'Success', trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo }
  }

  function refundAnswer(trade: TradeRow, refunded: number, fundChange: 'Y' | 'N', at: Date): Answer {
    return {
      code: '10000', msg: 'Success', trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, buyer_logon_id: BUYER.buyer_logon_id,
      fund_change: fundChange, refund_fee: fenToYuan(refunded), gmt_refund_pay: alipayTime(at), buyer_user_id: BUYER.buyer_user_id,
    }
  }

  async function refund(biz: Record<string, unknown>): Promise<Answer> {
    const amount = yuanToFen(biz.refund_amount)
    if (!amount) return failure('ACQ.INVALID_PARAMETER', '参数无效: refund_amount')
    const reason = text(biz.refund_reason).slice(0, 200)
    const currency = text(biz.refund_currency)
    return sequelize.transaction(async (transaction) => {
      // The trade row is locked, so two copies of one request refund once and two refunds never overdraw it.
      const trade = await locate(biz, transaction)
      if (!trade) return failure('ACQ.TRADE_NOT_EXIST', '交易不存在')
      // Alipay's default out_request_no is the out_trade_no (one full refund).
      const outRequestNo = text(biz.out_request_no) || trade.outTradeNo
      if (outRequestNo.length > 64) return failure('ACQ.INVALID_PARAMETER', '参数无效: out_request_no')
      const refunds = await sequelize.query<RefundRow>(
        `SELECT ${REFUND_COLUMNS} FROM sandbox_refund WHERE provider = 'alipay' AND out_trade_no = $1 ORDER BY id`,
        { bind: [trade.outTradeNo], type: QueryTypes.SELECT, transaction },
      )
      const refunded = refunds.reduce((sum, row) => sum + row.amount, 0)
      const [repeat] = await sequelize.query<RefundRow>(
        `SELECT ${REFUND_COLUMNS} FROM sandbox_refund WHERE provider = 'alipay' AND out_refund_no = $1`,
        { bind: [outRequestNo], type: QueryTypes.SELECT, transaction },
      )
      if (repeat) {
        // The same request again: the same answer, and no money moves (fund_change N).
        if (repeat.outTradeNo === trade.outTradeNo && repeat.amount === amount) return refundAnswer(trade, refunded, 'N', repeat.createdAt)
        return failure('ACQ.DISCORDANT_REPEAT_REQUEST', '不一致的请求')
      }
      if (trade.state !== 'SUCCESS') return failure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法')
      if (currency !== '' && currency !== trade.currency) return failure('ACQ.INVALID_PARAMETER', '参数无效: refund_currency')
      if (refunded + amount > trade.amount) return failure('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限')
      await sequelize.query(
        `INSERT INTO sandbox_refund (provider, refund_key, out_refund_no, out_trade_no, amount, currency, reason, state)
         VALUES ('alipay', $1, $2, $3, $4, $5, $6, 'SUCCESS')`,
        { bind: [`${trade.tradeNo}-${digits(6)}`, outRequestNo, trade.outTradeNo, amount, trade.currency, reason || null], transaction },
      )
      // A trade refunded in full is closed; one refunded in part stays TRADE_SUCCESS.
      if (refunded + amount === trade.amount) {
        await sequelize.query(`UPDATE sandbox_trade SET state = 'REFUND' WHERE provider = 'alipay' AND out_trade_no = $1`, { bind: [trade.outTradeNo], transaction })
      }
      return refundAnswer(trade, refunded + amount, 'Y', new Date())
    })
  }

  async function refundQuery(biz: Record<string, unknown>): Promise<Answer> {
    const outRequestNo = text(biz.out_request_no)
    if (!outRequestNo) return failure('ACQ.INVALID_PARAMETER', '参数无效: out_request_no')
    const trade = await locate(biz)
    if (!trade) return failure('ACQ.TRADE_NOT_EXIST', '交易不存在')
    const [row] = await sequelize.query<RefundRow>(
      `SELECT ${REFUND_COLUMNS} FROM sandbox_refund WHERE provider = 'alipay' AND out_refund_no = $1 AND out_trade_no = $2`,
      { bind: [outRequestNo, trade.outTradeNo], type: QueryTypes.SELECT },
    )
    // No such refund: Alipay answers success without refund fields.
    if (!row) return { code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, out_request_no: outRequestNo }
    const options = Array.isArray(biz.query_options) ? biz.query_options : []
    return {
      code: '10000', msg: 'Success', trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, out_request_no: row.outRequestNo,
      total_amount: fenToYuan(trade.amount), refund_amount: fenToYuan(row.amount), refund_status: 'REFUND_SUCCESS',
      ...(options.includes('gmt_refund_pay') ? { gmt_refund_pay: alipayTime(row.createdAt) } : {}),
    }
  }

  const METHODS = new Map<string, (biz: Record<string, unknown>) => Promise<Answer>>([
    ['alipay.trade.query', query],
    ['alipay.trade.close', close],
    ['alipay.trade.refund', refund],
    ['alipay.trade.fastpay.refund.query', refundQuery],
  ])

  // The cashier: a signed page-pay URL opens it.
  app.get('/gateway.do', async (request, reply) => {
    const params = signedParams(request.query, undefined)
    if (!params) return errorPage(reply, 400, 'invalid signature (isv.invalid-signature)')
    const trade = await openTrade(params)
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
      const opened = await openTrade(params)
      if (typeof opened === 'string') return errorPage(reply, 400, opened)
      // Past its deadline, or closed, a trade takes no payment whatever the page still shows.
      const finished = await sequelize.query<{ state: string }>(
        `UPDATE sandbox_trade SET state = $2, updated_at = now()
          WHERE provider = 'alipay' AND out_trade_no = $1 AND state = 'WAIT' AND (expires_at IS NULL OR expires_at > now()) RETURNING state`,
        { bind: [opened.outTradeNo, result === 'success' ? 'SUCCESS' : 'PAYERROR'], type: QueryTypes.SELECT },
      )
      if (finished.length > 0) {
        const answer = await notify(opened, result === 'success' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED')
        if (answer.body.trim() !== 'success') request.log.warn({ orderNo: opened.outTradeNo, status: answer.status }, 'alipay sandbox: merchant did not acknowledge the notification')
      } else {
        const now = await findTrade('out_trade_no', opened.outTradeNo)
        if (now && (now.state === 'CLOSED' || now.state === 'REFUND')) return cashier(reply, request, now)
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
        : !biz ? failure('ACQ.INVALID_PARAMETER', '参数无效: biz_content') : await handler(biz)
    }
    const innerText = JSON.stringify(inner)
    const answer = `{"${responseKey}":${innerText},"sign":"${rsaSign(innerText, keys.platform.privateKey)}"}`
    return reply.type('application/json; charset=utf-8').send(answer)
  })
}
