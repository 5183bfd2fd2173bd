import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'

// The gateways' own books: what a provider keeps about the trades it was
// asked to collect and the refunds it was asked to make. One process owns
// them, so a check and the change it allows run without an await between
// them: two clicks, two tabs or two copies of a request change a trade once.
// With a file they survive a restart (cashier links handed out stay valid).

export type Provider = 'alipay' | 'wechatpay'

/** WAIT (Alipay WAIT_BUYER_PAY, WeChat NOTPAY), SUCCESS, PAYERROR, CLOSED (closed, or past its deadline), REFUND (refunded in full) */
export type TradeState = 'WAIT' | 'SUCCESS' | 'PAYERROR' | 'CLOSED' | 'REFUND'

/** Trade states in which the buyer's money was taken. */
export const PAID: ReadonlySet<TradeState> = new Set(['SUCCESS', 'REFUND'])

export interface Trade {
  provider: Provider
  /** The cashier link's secret part */
  tradeKey: string
  outTradeNo: string
  appId: string
  merchantId: string | null
  /** Minor units */
  amount: number
  currency: string
  subject: string
  notifyUrl: string
  returnUrl: string | null
  state: TradeState
  tradeNo: string
  createdAt: Date
  updatedAt: Date
  expiresAt: Date | null
}

export interface Refund {
  provider: Provider
  refundKey: string
  outRefundNo: string
  outTradeNo: string
  amount: number
  currency: string
  reason: string | null
  notifyUrl: string | null
  /** PROCESSING, SUCCESS, ABNORMAL or CLOSED (WeChat's refund statuses; Alipay refunds are SUCCESS at once) */
  state: string
  createdAt: Date
  updatedAt: Date
}

export type TradeField = 'tradeKey' | 'outTradeNo' | 'tradeNo'

const DATE_FIELDS = new Set(['createdAt', 'updatedAt', 'expiresAt'])

export class Books {
  private readonly trades: Trade[] = []
  private readonly refunds: Refund[] = []

  /** Books kept in memory, or in a JSON file (read now, written after every change). */
  constructor(private readonly file?: string) {
    if (!file) return
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    const saved = JSON.parse(text, (key, value: unknown) =>
      DATE_FIELDS.has(key) && typeof value === 'string' ? new Date(value) : value,
    ) as {
      trades: Trade[]
      refunds: Refund[]
    }
    this.trades.push(...saved.trades)
    this.refunds.push(...saved.refunds)
  }

  /** Writes the books out (write and rename, so a crash never leaves half a file). */
  save(): void {
    if (!this.file) return
    mkdirSync(path.dirname(this.file), { recursive: true })
    writeFileSync(`${this.file}.tmp`, JSON.stringify({ trades: this.trades, refunds: this.refunds }))
    renameSync(`${this.file}.tmp`, this.file)
  }

  /** The trade, closed first if it was waiting past its deadline: a gateway closes those on its own, whoever looks next sees it closed. */
  trade(provider: Provider, field: TradeField, value: string): Trade | undefined {
    const trade = this.trades.find((t) => t.provider === provider && t[field] === value)
    if (trade && trade.state === 'WAIT' && trade.expiresAt && trade.expiresAt.getTime() <= Date.now()) this.setState(trade, 'CLOSED')
    return trade
  }

  addTrade(trade: Trade): Trade {
    this.trades.push(trade)
    this.save()
    return trade
  }

  setState(trade: Trade, state: TradeState, at = new Date()): void {
    trade.state = state
    trade.updatedAt = at
    this.save()
  }

  /** A waiting trade within its deadline takes the payment or the failure, once; false when it can no longer be paid. */
  finish(trade: Trade, state: 'SUCCESS' | 'PAYERROR'): boolean {
    if (trade.state !== 'WAIT' || (trade.expiresAt && trade.expiresAt.getTime() <= Date.now())) return false
    this.setState(trade, state)
    return true
  }

  refund(provider: Provider, outRefundNo: string): Refund | undefined {
    return this.refunds.find((r) => r.provider === provider && r.outRefundNo === outRefundNo)
  }

  refundsOf(provider: Provider, outTradeNo: string): Refund[] {
    return this.refunds.filter((r) => r.provider === provider && r.outTradeNo === outTradeNo)
  }

  addRefund(refund: Refund): Refund {
    this.refunds.push(refund)
    this.save()
    return refund
  }

  /** Minor units refunded, or being refunded, from the trade. */
  refunded(provider: Provider, outTradeNo: string, states: readonly string[]): number {
    return this.refundsOf(provider, outTradeNo)
      .filter((r) => states.includes(r.state))
      .reduce((sum, r) => sum + r.amount, 0)
  }
}
