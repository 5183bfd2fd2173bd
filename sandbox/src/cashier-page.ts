// The sandbox gateways' cashier: the page a payer's browser lands on instead
// of Alipay's or WeChat's. It must never pass for a real cashier, so it says
// SANDBOX in both languages at the top and in the title; it loads nothing from
// elsewhere (works offline, no CSP exceptions) and runs no script.

import type { Trade, TradeState } from './books.ts'

/** WAIT takes a payment; every other state is final and shows no Pay button. */
export type CashierState = 'WAIT' | 'SUCCESS' | 'FAIL' | 'CLOSED' | 'REFUNDED'
export type CashierLang = 'zh-CN' | 'en-US'

export interface CashierPageInput {
  provider: 'alipay' | 'wechatpay'
  subject: string
  /** Minor units */
  amount: number
  currency: string
  orderNo: string
  /** Where the Pay and Fail forms post (result=success | result=fail) */
  actionUrl: string
  state: CashierState
  /** With CLOSED: the trade closed because its payment deadline (time_expire) passed */
  expired?: boolean
  /** Which language leads; both are always shown. Default zh-CN */
  lang?: CashierLang
  /** A remark under the result, e.g. that the merchant did not acknowledge the notification */
  note?: string
  /** A "back to the merchant" link shown with a final state */
  backUrl?: string
}

const CASHIER_STATES: Record<TradeState, CashierState> = {
  WAIT: 'WAIT',
  SUCCESS: 'SUCCESS',
  PAYERROR: 'FAIL',
  CLOSED: 'CLOSED',
  REFUND: 'REFUNDED',
}

/** What the cashier shows of a trade in the books: its state, and whether a close was its deadline passing. */
export function cashierStateOf(trade: Pick<Trade, 'state' | 'expiresAt'>): Pick<CashierPageInput, 'state' | 'expired'> {
  return {
    state: CASHIER_STATES[trade.state],
    expired: trade.state === 'CLOSED' && trade.expiresAt !== null && trade.expiresAt.getTime() <= Date.now(),
  }
}

const CURRENCY_SYMBOLS: Record<string, string> = { CNY: '¥', USD: 'US$', EUR: '€', GBP: '£', HKD: 'HK$', JPY: 'JP¥' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** 123400 CNY → "¥ 1,234.00"; digits are grouped by hand so the output does not depend on the runtime's ICU data. */
export function formatAmount(amount: number, currency: string): string {
  const minor = Number.isFinite(amount) ? Math.trunc(amount) : 0
  const abs = Math.abs(minor)
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const cents = String(abs % 100).padStart(2, '0')
  const code = currency.toUpperCase()
  return `${minor < 0 ? '-' : ''}${CURRENCY_SYMBOLS[code] ?? code} ${whole}.${cents}`
}

interface Text {
  'zh-CN': string
  'en-US': string
}

const T = {
  sandbox: { 'zh-CN': '沙箱环境', 'en-US': 'SANDBOX' },
  cashier: { 'zh-CN': '收银台', 'en-US': 'Cashier' },
  warning: {
    'zh-CN': '这是用于开发和测试的模拟收银台，不会发生任何真实扣款。',
    'en-US': 'This is a simulated cashier for development and testing. No real money moves.',
  },
  provider: { 'zh-CN': '支付渠道', 'en-US': 'Provider' },
  subject: { 'zh-CN': '商品', 'en-US': 'Item' },
  orderNo: { 'zh-CN': '订单号', 'en-US': 'Order No.' },
  amount: { 'zh-CN': '应付金额', 'en-US': 'Amount due' },
  pay: { 'zh-CN': '模拟支付成功', 'en-US': 'Pay' },
  fail: { 'zh-CN': '模拟支付失败', 'en-US': 'Fail' },
  success: { 'zh-CN': '支付成功', 'en-US': 'Payment succeeded' },
  failed: { 'zh-CN': '支付失败', 'en-US': 'Payment failed' },
  closed: { 'zh-CN': '交易已关闭', 'en-US': 'Trade closed' },
  expired: {
    'zh-CN': '已超过支付期限，这笔交易不能再付款。',
    'en-US': 'The payment deadline has passed; this trade can no longer be paid.',
  },
  refunded: { 'zh-CN': '已退款', 'en-US': 'Refunded' },
  back: { 'zh-CN': '返回商户', 'en-US': 'Back to the merchant' },
  alipay: { 'zh-CN': '支付宝', 'en-US': 'Alipay' },
  wechatpay: { 'zh-CN': '微信支付', 'en-US': 'WeChat Pay' },
} satisfies Record<string, Text>

const ACCENTS = { alipay: '#1677ff', wechatpay: '#07c160' } as const

export function renderCashierPage(input: CashierPageInput): string {
  const lang: CashierLang = input.lang === 'en-US' ? 'en-US' : 'zh-CN'
  const other: CashierLang = lang === 'zh-CN' ? 'en-US' : 'zh-CN'
  // The leading language in full weight, the other beside it in grey.
  const both = (text: Text) => `${escapeHtml(text[lang])} <span class="alt" lang="${other}">${escapeHtml(text[other])}</span>`
  const plain = (text: Text) => `${text[lang]} / ${text[other]}`
  const accent = ACCENTS[input.provider]
  const action = escapeHtml(input.actionUrl)

  const good = input.state === 'SUCCESS' || input.state === 'REFUNDED'
  const outcome = { SUCCESS: T.success, FAIL: T.failed, CLOSED: T.closed, REFUNDED: T.refunded } as const
  const actions =
    input.state === 'WAIT'
      ? `<div class="actions">
      <form method="post" action="${action}"><input type="hidden" name="result" value="success"><button type="submit" class="pay">${both(T.pay)}</button></form>
      <form method="post" action="${action}"><input type="hidden" name="result" value="fail"><button type="submit" class="fail">${both(T.fail)}</button></form>
    </div>`
      : `<div class="result ${good ? 'ok' : 'ko'}" role="status">
      <span class="mark" aria-hidden="true">${good ? '&#10003;' : '&#10007;'}</span>
      ${both(outcome[input.state])}
    </div>${input.state === 'CLOSED' && input.expired ? `\n    <p class="note">${both(T.expired)}</p>` : ''}`
  const note = input.note ? `<p class="note">${escapeHtml(input.note)}</p>` : ''
  const back =
    input.backUrl && input.state !== 'WAIT' ? `<p class="back"><a href="${escapeHtml(input.backUrl)}">${both(T.back)}</a></p>` : ''

  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>[${escapeHtml(plain(T.sandbox))}] ${escapeHtml(plain(T[input.provider]))} ${escapeHtml(plain(T.cashier))}</title>
<style>
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;background:#f2f3f5;color:#1f2329;
font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Hiragino Sans GB","Microsoft YaHei",sans-serif}
.card{width:100%;max-width:440px;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);overflow:hidden}
.banner{background:repeating-linear-gradient(-45deg,#ffb020 0 12px,#ffc54d 12px 24px);color:#3d2a00;font-weight:700;text-align:center;
padding:6px 12px;letter-spacing:.08em;font-size:13px}
header{padding:20px 24px 12px;border-top:4px solid ${accent}}
h1{margin:0;font-size:20px}
.alt{color:#8a9099;font-weight:400;font-size:.85em}
.warning{margin:0 24px;padding:10px 12px;background:#fff7e6;border:1px solid #ffd591;border-radius:8px;font-size:13px;color:#7a4b00}
.warning p{margin:0}
dl{margin:16px 24px;display:grid;grid-template-columns:auto 1fr;gap:8px 16px}
dt{color:#646a73;white-space:nowrap}
dd{margin:0;text-align:right;word-break:break-all}
.amount{margin:8px 24px 20px;padding-top:16px;border-top:1px dashed #dee0e3;text-align:center}
.amount .label{color:#646a73;font-size:13px}
.amount .value{font-size:32px;font-weight:700;color:${accent};font-variant-numeric:tabular-nums}
.actions{display:grid;gap:10px;padding:0 24px 24px}
.actions form{margin:0}
button{width:100%;padding:12px;border-radius:8px;font-size:16px;cursor:pointer;border:1px solid transparent}
button .alt{color:inherit;opacity:.8}
.pay{background:${accent};color:#fff}
.fail{background:#fff;color:#d4380d;border-color:#ffbb96}
button:focus-visible{outline:3px solid #1f2329;outline-offset:2px}
.result{margin:0 24px 16px;padding:14px;border-radius:8px;text-align:center;font-size:18px;font-weight:600}
.result.ok{background:#f0fff4;color:#237804}
.result.ko{background:#fff1f0;color:#a8071a}
.mark{margin-right:6px}
.note{margin:0 24px 16px;font-size:13px;color:#a8071a}
.back{margin:0 24px 24px;text-align:center}
.back a{color:${accent}}
</style>
</head>
<body>
<main class="card">
  <div class="banner">${escapeHtml(T.sandbox['zh-CN'])} · ${escapeHtml(T.sandbox['en-US'])}</div>
  <header><h1>${both(T[input.provider])} · ${both(T.cashier)}</h1></header>
  <div class="warning"><p>${escapeHtml(T.warning[lang])}</p><p class="alt" lang="${other}">${escapeHtml(T.warning[other])}</p></div>
  <dl>
    <dt>${both(T.provider)}</dt><dd>${escapeHtml(plain(T[input.provider]))}</dd>
    <dt>${both(T.subject)}</dt><dd>${escapeHtml(input.subject)}</dd>
    <dt>${both(T.orderNo)}</dt><dd>${escapeHtml(input.orderNo)}</dd>
  </dl>
  <div class="amount"><div class="label">${both(T.amount)}</div><div class="value">${escapeHtml(formatAmount(input.amount, input.currency))}</div></div>
  ${actions}
  ${note}
  ${back}
</main>
</body>
</html>
`
}
