import { createSign, createVerify, randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { QueryTypes, type Sequelize } from 'sequelize'
import { fenToYuan, yuanToFen } from '../alipay.ts'
import type { NotificationSender } from '../types.ts'
import { renderCashierPage } from './cashier-page.ts'
import type { SandboxKeys } from './keys.ts'

// A stand-in for Alipay's gateway (openapi.alipay.com/gateway.do) that speaks
// its protocol: requests signed RSA2 by the merchant's key, page-pay URLs that
// open a cashier, signed async notifications, and signed OpenAPI answers for
// alipay.trade.query. The product's Alipay code cannot tell it from the real one.

export interface AlipaySandboxOptions {
  keys: SandboxKeys['alipay']
  sequelize: Sequelize
  deliver: NotificationSender
}

type Params = Record<string, string>

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
}

const PAGE_METHODS = new Set(['alipay.trade.page.pay', 'alipay.trade.wap.pay'])

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

function timestamp(date = new Date()): string {
  const shanghai = new Date(date.getTime() + 8 * 3600_000)
  return shanghai.toISOString().replace('T', ' ').slice(0, 19)
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

  async function findTrade(outTradeNo: string): Promise<TradeRow | undefined> {
    const rows = await sequelize.query<TradeRow>(
      `SELECT trade_key AS "tradeKey", out_trade_no AS "outTradeNo", amount, currency, subject, notify_url AS "notifyUrl", return_url AS "returnUrl",
              state, trade_no AS "tradeNo", created_at AS "createdAt"
         FROM sandbox_trade WHERE provider = 'alipay' AND out_trade_no = $1`,
      { bind: [outTradeNo], type: QueryTypes.SELECT },
    )
    return rows[0]
  }

  /** Records the trade a page-pay request describes; a waiting trade takes the newest request's terms. */
  async function openTrade(params: Params): Promise<TradeRow | string> {
    if (!PAGE_METHODS.has(params.method ?? '')) return 'unsupported method'
    let biz: Record<string, unknown>
    try {
      biz = JSON.parse(params.biz_content ?? '') as Record<string, unknown>
    } catch {
      return 'biz_content is not JSON'
    }
    const outTradeNo = typeof biz.out_trade_no === 'string' ? biz.out_trade_no : ''
    const amount = yuanToFen(biz.total_amount)
    if (!/^[A-Za-z0-9_-]{6,32}$/.test(outTradeNo) || !amount || typeof biz.subject !== 'string' || !params.notify_url) return 'missing or invalid trade fields'
    await sequelize.query(
      `INSERT INTO sandbox_trade (provider, trade_key, out_trade_no, app_id, amount, currency, subject, notify_url, return_url, trade_no)
       VALUES ('alipay', $1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (provider, out_trade_no) DO UPDATE SET amount = EXCLUDED.amount, currency = EXCLUDED.currency, subject = EXCLUDED.subject,
         notify_url = EXCLUDED.notify_url, return_url = EXCLUDED.return_url, updated_at = now()
       WHERE sandbox_trade.state = 'WAIT'`,
      {
        bind: [
          randomBytes(12).toString('base64url'), outTradeNo, keys.appId, amount, typeof biz.trans_currency === 'string' ? biz.trans_currency : 'CNY',
          biz.subject.slice(0, 300), params.notify_url, params.return_url ?? null, `2026${randomBytes(10).toString('hex').toUpperCase()}`.slice(0, 28),
        ],
      },
    )
    return (await findTrade(outTradeNo))!
  }

  function page(reply: FastifyReply, status: number, html: string) {
    return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html)
  }

  function errorPage(reply: FastifyReply, status: number, message: string) {
    return page(reply, status, `<!doctype html><meta charset="utf-8"><title>Alipay sandbox</title><p style="font-family:sans-serif">Alipay sandbox: ${message.replace(/[<>&]/g, '')}</p>`)
  }

  async function notify(trade: TradeRow, state: 'TRADE_SUCCESS' | 'TRADE_CLOSED') {
    const now = timestamp()
    const params: Params = {
      notify_time: now, notify_type: 'trade_status_sync', notify_id: randomBytes(16).toString('hex'), app_id: keys.appId, charset: 'utf-8',
      version: '1.0', sign_type: 'RSA2', trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, total_amount: fenToYuan(trade.amount),
      receipt_amount: fenToYuan(trade.amount), buyer_pay_amount: state === 'TRADE_SUCCESS' ? fenToYuan(trade.amount) : '0.00', subject: trade.subject,
      trade_status: state, gmt_create: timestamp(trade.createdAt), buyer_id: '2088000000000001',
      ...(state === 'TRADE_SUCCESS' ? { gmt_payment: now } : { gmt_close: now }),
      ...(trade.currency === 'CNY' ? {} : { trans_currency: trade.currency }),
    }
    params.sign = rsaSign(signingString(params, ['sign', 'sign_type']), keys.platform.privateKey)
    return options.deliver(trade.notifyUrl, { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: new URLSearchParams(params).toString() })
  }

  // The cashier: a signed page-pay URL opens it.
  app.get('/gateway.do', async (request, reply) => {
    const params = signedParams(request.query, undefined)
    if (!params) return errorPage(reply, 400, 'invalid signature (isv.invalid-signature)')
    const trade = await openTrade(params)
    if (typeof trade === 'string') return errorPage(reply, 400, trade)
    return page(reply, 200, renderCashierPage({
      provider: 'alipay', subject: trade.subject, amount: trade.amount, currency: trade.currency, orderNo: trade.outTradeNo,
      actionUrl: request.url, state: trade.state === 'WAIT' ? 'WAIT' : trade.state === 'SUCCESS' ? 'SUCCESS' : 'FAIL',
    }))
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
      const finished = await sequelize.query<{ state: string }>(
        `UPDATE sandbox_trade SET state = $2, updated_at = now() WHERE provider = 'alipay' AND out_trade_no = $1 AND state = 'WAIT' RETURNING state`,
        { bind: [opened.outTradeNo, result === 'success' ? 'SUCCESS' : 'CLOSED'], type: QueryTypes.SELECT },
      )
      if (finished.length > 0) {
        const answer = await notify(opened, result === 'success' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED')
        if (answer.body.trim() !== 'success') request.log.warn({ orderNo: opened.outTradeNo, status: answer.status }, 'alipay sandbox: merchant did not acknowledge the notification')
      }
      const back = opened.returnUrl ?? '/'
      return reply.redirect(`${back}${back.includes('?') ? '&' : '?'}out_trade_no=${encodeURIComponent(opened.outTradeNo)}`, 303)
    }

    // OpenAPI calls (the SDK's exec): answered as JSON signed over the response object's exact text.
    const method = params?.method ?? (typeof (request.query as Params).method === 'string' ? (request.query as Params).method : 'unknown')
    const responseKey = `${String(method).replaceAll('.', '_')}_response`
    let inner: Record<string, unknown>
    if (!params) {
      inner = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: 'invalid signature' }
    } else if (method !== 'alipay.trade.query') {
      inner = { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method', sub_msg: 'unsupported in the sandbox' }
    } else {
      let outTradeNo = ''
      try {
        outTradeNo = String((JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>).out_trade_no ?? '')
      } catch {
        outTradeNo = ''
      }
      const trade = outTradeNo ? await findTrade(outTradeNo) : undefined
      inner = trade
        ? {
          code: '10000', msg: 'Success', trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, buyer_logon_id: 'san***@sandbox.com',
          trade_status: trade.state === 'SUCCESS' ? 'TRADE_SUCCESS' : trade.state === 'CLOSED' ? 'TRADE_CLOSED' : 'WAIT_BUYER_PAY',
          total_amount: fenToYuan(trade.amount), send_pay_date: timestamp(),
        }
        : { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' }
    }
    const innerText = JSON.stringify(inner)
    const text = `{"${responseKey}":${innerText},"sign":"${rsaSign(innerText, keys.platform.privateKey)}"}`
    return reply.type('application/json; charset=utf-8').send(text)
  })
}
