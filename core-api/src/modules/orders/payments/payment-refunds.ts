import type { FastifyBaseLogger } from 'fastify'
import type { Sequelize, Transaction } from 'sequelize'
import type { Config } from '../../../platform/config.ts'
import { paymentReturnedMail, type RefundCause } from '../order-mails.ts'
import { ORDER_COLUMNS, type OrderRow } from '../order-rows.ts'
import { sha256Hex } from '../../../platform/lib/secrets.ts'
import { selectRows } from '../../../platform/lib/sql.ts'
import { ProviderError, type ProviderName, type RefundResult, type VerifiedRefundNotification } from './gateways/types.ts'
import type { JobQueue } from '../../../platform/jobs/job-queue.ts'
import type { MailService } from '../../mail/index.ts'
import type { OrderDelivery } from '../order-delivery.ts'
import { countAttempt, recordAttemptError, recordAudit, type Actor, type PaidReport } from './payment-records.ts'
import type { Payments } from './payments.ts'

// Money that goes back: a durable refund job per trade, idempotent at the
// gateway on our refund number, moved forward (never back) by the gateway's
// answers and notifications, and the buyer mailed once the money is back.

export const REFUND_QUEUE = 'payments.refund'

interface RefundRow {
  id: string
  refundNo: string
  orderId: string
  provider: ProviderName
  providerTradeNo: string
  amount: number
  currency: string
  cause: RefundCause
  reason: string
  state: string
  requestedBy: string
}

const REFUND_COLUMNS = `r.id::text AS id, r.refund_no AS "refundNo", r.order_id::text AS "orderId", r.provider, r.provider_trade_no AS "providerTradeNo",
  r.amount, r.currency, r.cause, r.reason, r.state, r.requested_by AS "requestedBy"`

const REFUND_REASONS: Record<RefundCause, string> = {
  'late-payment': 'Order closed before payment / 订单已关闭',
  'second-payment': 'Order already paid / 订单已支付',
  staff: 'Refund / 退款',
}

export interface RefundDeps {
  sequelize: Sequelize
  jobs: JobQueue
  payments: Payments
  delivery: OrderDelivery
  mails: MailService
  log: FastifyBaseLogger
  options: Pick<Config, 'PAYMENT_NOTIFY_URL'>
}

export class PaymentRefunds {
  constructor(private readonly deps: RefundDeps) {}

  private select<T extends object>(sql: string, bind: unknown[], transaction?: Transaction): Promise<T[]> {
    return selectRows<T>(this.deps.sequelize, sql, bind, transaction)
  }

  /** Records a refund of the trade and queues it; a trade is refunded once, however often it is reported. */
  async queueRefund(
    order: OrderRow,
    report: PaidReport,
    refund: { cause: RefundCause; actor: Actor; reason?: string },
    transaction: Transaction,
  ): Promise<string | undefined> {
    const { cause, actor, reason = REFUND_REASONS[cause] } = refund
    // Derived from the trade, so even a refund recorded twice is one refund at the gateway.
    const refundNo = `RF${sha256Hex(`${report.provider}:${report.providerTradeNo}`).slice(0, 30).toUpperCase()}`
    const [row] = await this.select<{ id: string }>(
      `INSERT INTO payment_refund (refund_no, order_id, provider, provider_trade_no, amount, currency, cause, reason, requested_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (provider, provider_trade_no) DO NOTHING RETURNING id::text AS id`,
      [
        refundNo,
        order.id,
        report.provider,
        report.providerTradeNo.slice(0, 64),
        report.amount,
        report.currency,
        cause,
        reason.slice(0, 500),
        actor.slice(0, 100),
      ],
      transaction,
    )
    if (!row) return undefined
    await this.deps.jobs.send(REFUND_QUEUE, { refundId: row.id }, { transaction })
    const detail = { refundNo, cause, provider: report.provider, providerTradeNo: report.providerTradeNo, amount: report.amount }
    await recordAudit(this.deps.sequelize, { orderId: order.id, action: 'refund-queued', actor, detail }, transaction)
    if (cause !== 'staff') {
      this.deps.log.warn(
        { orderNo: order.orderNo, provider: report.provider, providerTradeNo: report.providerTradeNo, cause },
        'money taken for an order that cannot take it; refunding',
      )
    }
    return refundNo
  }

  /** The refund job: asks the gateway to return the money (or, once accepted, how it went). */
  async runRefund(refundId: string): Promise<string> {
    const [refund] = await this.select<RefundRow & { orderNo: string; total: number }>(
      `SELECT ${REFUND_COLUMNS}, o.order_no AS "orderNo", o.amount AS total FROM payment_refund r JOIN website_order o ON o.id = r.order_id WHERE r.id = $1`,
      [refundId],
    )
    if (!refund || refund.state === 'succeeded' || refund.state === 'failed') return refund?.state ?? 'gone'
    await countAttempt(this.deps.sequelize, 'payment_refund', refundId)
    let result: RefundResult | { state: 'unknown' }
    try {
      const provider = this.deps.payments.all().find((p) => p.name === refund.provider)
      if (!provider) throw new ProviderError(`${refund.provider} is not configured here`)
      result =
        refund.state === 'processing'
          ? await provider.queryRefund(refund.refundNo, refund.orderNo)
          : await provider.refund({
              orderNo: refund.orderNo,
              providerTradeNo: refund.providerTradeNo,
              refundNo: refund.refundNo,
              amount: refund.amount,
              total: refund.amount,
              currency: refund.currency,
              reason: refund.reason.slice(0, 80),
              notifyUrl: this.deps.options.PAYMENT_NOTIFY_URL,
            })
    } catch (error) {
      await recordAttemptError(this.deps.sequelize, 'payment_refund', refundId, error)
      this.deps.log.warn({ err: error, orderNo: refund.orderNo, refundNo: refund.refundNo }, 'refund failed; it will be retried')
      throw error
    }
    if (result.state === 'unknown') throw new ProviderError(`the gateway knows no refund ${refund.refundNo}`)
    return this.finishRefund(refundId, result).catch(async (error: unknown) => {
      // The gateway has answered; what failed is ours (the database): the retry asks the gateway again, idempotently.
      this.deps.log.error(
        { err: error, refundNo: refund.refundNo },
        'a refund the gateway answered could not be recorded; it will be retried',
      )
      throw error
    })
  }

  /** Moves a refund forward (never back) and, once the money is back, tells the buyer: one transaction. */
  async finishRefund(refundId: string, result: RefundResult): Promise<string> {
    const siteNames = await this.deps.delivery.siteNames()
    return this.deps.sequelize.transaction(async (transaction) => {
      if (result.state === 'processing') {
        await this.deps.sequelize.query(
          `UPDATE payment_refund SET state = 'processing', provider_refund_no = $2, last_error = NULL, updated_at = now() WHERE id = $1 AND state = 'pending'`,
          { bind: [refundId, result.providerRefundNo.slice(0, 64)], transaction },
        )
        return 'processing'
      }
      const [refund] = await this.select<RefundRow>(
        `UPDATE payment_refund r SET state = $2::text, provider_refund_no = COALESCE($3::text, r.provider_refund_no), last_error = $4::text,
                refunded_at = CASE WHEN $2::text = 'succeeded' THEN now() END, updated_at = now()
          WHERE r.id = $1 AND r.state IN ('pending', 'processing') RETURNING ${REFUND_COLUMNS}`,
        [
          refundId,
          result.state,
          result.state === 'succeeded' ? result.providerRefundNo.slice(0, 64) : null,
          result.state === 'failed' ? result.reason.slice(0, 1000) : null,
        ],
        transaction,
      )
      if (!refund) return 'unchanged'
      if (result.state === 'failed') {
        this.deps.log.error(
          { refundNo: refund.refundNo, provider: refund.provider, reason: result.reason },
          'the gateway refused a refund: staff must return the money another way',
        )
        const detail = { refundNo: refund.refundNo, reason: result.reason }
        await recordAudit(this.deps.sequelize, { orderId: refund.orderId, action: 'refund-failed', actor: 'system', detail }, transaction)
        return 'failed'
      }
      const [order] = await this.select<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM website_order o WHERE o.id = $1`,
        [refund.orderId],
        transaction,
      )
      const to = await this.deps.delivery.recipientOf(order!, transaction)
      if (to) {
        const content = paymentReturnedMail(order!.lang, {
          siteName: siteNames[order!.lang],
          orderNo: order!.orderNo,
          title: order!.title,
          amount: refund.amount,
          currency: refund.currency,
          cause: refund.cause,
          reason: refund.reason,
        })
        await this.deps.mails.enqueue({ kind: 'payment-returned', reference: order!.orderNo, to, content, secret: false }, transaction)
      }
      const detail = { refundNo: refund.refundNo, amount: refund.amount, cause: refund.cause }
      await recordAudit(this.deps.sequelize, { orderId: refund.orderId, action: 'refunded', actor: 'system', detail }, transaction)
      return 'succeeded'
    })
  }

  /** A gateway's refund notification (WeChat's REFUND.*). */
  async applyRefundNotification(provider: ProviderName, notification: VerifiedRefundNotification): Promise<string> {
    const [refund] = await this.select<{ id: string }>(`SELECT id::text AS id FROM payment_refund WHERE refund_no = $1 AND provider = $2`, [
      notification.refundNo,
      provider,
    ])
    if (!refund) return 'unknown-refund'
    const outcome = await this.finishRefund(
      refund.id,
      notification.state === 'failed'
        ? { state: 'failed', reason: 'the gateway closed the refund' }
        : { state: notification.state, providerRefundNo: notification.providerRefundNo },
    )
    return `refund-${outcome}`
  }

  /** Refunds accepted but not yet reported done (a notification lost): asked about, as the reconciliation asks about payments. */
  async reconcileRefunds(): Promise<number> {
    const waiting = await this.select<{ id: string }>(
      `SELECT id::text AS id FROM payment_refund WHERE state = 'processing' AND updated_at < now() - interval '2 minutes' ORDER BY updated_at LIMIT 50`,
      [],
    )
    let finished = 0
    for (const { id } of waiting) {
      try {
        if ((await this.runRefund(id)) !== 'processing') finished++
      } catch {
        // logged by runRefund; asked again next time
      }
    }
    return finished
  }
}
