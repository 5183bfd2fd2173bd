import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize'
import type { Config } from '../../config.ts'
import { AppError } from '../../errors.ts'
import { paymentReturnedMail, type RefundCause } from '../../lib/order-mails.ts'
import { ORDER_COLUMNS, ORDER_STATUS, type OrderRow } from '../../lib/order-rows.ts'
import { sha256Hex } from '../../lib/secrets.ts'
import { ProviderError, type ProviderName, type RefundResult, type VerifiedRefundNotification } from '../../payments/types.ts'
import type { JobQueue } from '../external/job-queue.ts'
import type { MailService } from './mail-service.ts'
import type { OrderDelivery, SiteNames } from './order-delivery.ts'
import type { Payments } from './payments.ts'

// What happens to money once an order stops being payable here.
//
// - A cancelled or expired order's trades are closed at every gateway a
//   payment was started at (a durable job each, retried with backoff). A
//   close that finds the trade paid means the buyer paid first: the order is
//   paid and delivered after all.
// - A verified payment the order cannot take goes back (a durable refund job,
//   idempotent at the gateway on our refund number) and the buyer is told
//   why: a payment for a cancelled order, or for one that expired more than
//   LATE_PAYMENT_GRACE_MINUTES before it arrived, and a second payment for an
//   order already paid. A payment within the grace for an expired (or
//   failed) order revives it instead, unless the buyer has paid another
//   order for the same product meanwhile.
// - Every step is recorded in payment_audit with who took it.

export const CLOSE_QUEUE = 'payments.close'
export const REFUND_QUEUE = 'payments.refund'

/** system, buyer:USER_ID or staff:NAME */
export type Actor = string

/** A gateway's word that money was taken for an order. */
export interface PaidReport {
  orderNo: string
  provider: ProviderName
  providerTradeNo: string
  /** Minor units */
  amount: number
  currency: string
}

export type SettleOutcome = 'paid' | 'duplicate' | 'revived' | 'refunding' | 'amount-mismatch' | 'unknown-order'

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

export class PaymentCases {
  constructor(
    private readonly deps: {
      sequelize: Sequelize
      jobs: JobQueue
      payments: Payments
      delivery: OrderDelivery
      mails: MailService
      log: FastifyBaseLogger
      options: Pick<Config, 'LATE_PAYMENT_GRACE_MINUTES' | 'PAYMENT_NOTIFY_URL'>
    },
  ) {}

  private select<T extends object>(sql: string, bind: unknown[], transaction?: Transaction): Promise<T[]> {
    return this.deps.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) })
  }

  async audit(orderId: string, action: string, actor: Actor, detail: Record<string, unknown>, transaction?: Transaction): Promise<void> {
    await this.deps.sequelize.query(`INSERT INTO payment_audit (order_id, action, actor, detail) VALUES ($1, $2, $3, $4)`, {
      bind: [orderId, action, actor.slice(0, 100), JSON.stringify(detail)],
      ...(transaction ? { transaction } : {}),
    })
  }

  /** Records that a payment is being started at a gateway, so the order's close reaches it. */
  async tradeStarted(orderId: string, provider: ProviderName): Promise<void> {
    await this.deps.sequelize.query(`INSERT INTO payment_trade (order_id, provider) VALUES ($1, $2) ON CONFLICT DO NOTHING`, {
      bind: [orderId, provider],
    })
  }

  /** Queues the close of the order's trades (but the one at `except`), on the transaction that closed or paid the order. */
  async queueCloses(orderId: string, transaction: Transaction, actor: Actor, except?: ProviderName): Promise<number> {
    const closes = await this.select<{ id: string; provider: string }>(
      `INSERT INTO payment_close (order_id, provider)
       SELECT order_id, provider FROM payment_trade WHERE order_id = $1 AND ($2::text IS NULL OR provider <> $2::text)
       ON CONFLICT (order_id, provider) DO NOTHING RETURNING id::text AS id, provider`,
      [orderId, except ?? null],
      transaction,
    )
    for (const close of closes) {
      await this.deps.jobs.send(CLOSE_QUEUE, { closeId: close.id }, { transaction })
      await this.audit(orderId, 'close-queued', actor, { provider: close.provider }, transaction)
    }
    return closes.length
  }

  /** The close job: asks the gateway to close the trade; one that turns out paid is settled as a payment made before the close. */
  async runClose(closeId: string): Promise<string> {
    const [close] = await this.select<{ orderId: string; orderNo: string; currency: string; provider: ProviderName; state: string }>(
      `SELECT c.order_id::text AS "orderId", o.order_no AS "orderNo", o.currency, c.provider, c.state
         FROM payment_close c JOIN website_order o ON o.id = c.order_id WHERE c.id = $1`,
      [closeId],
    )
    if (!close || close.state !== 'pending') return close?.state ?? 'gone'
    await this.deps.sequelize.query(`UPDATE payment_close SET attempts = attempts + 1, updated_at = now() WHERE id = $1`, {
      bind: [closeId],
    })
    try {
      const provider = this.deps.payments.all().find((p) => p.name === close.provider)
      if (!provider) throw new ProviderError(`${close.provider} is not configured here`)
      const result = await provider.close(close.orderNo)
      let state: string = result.state
      if (result.state === 'paid') {
        const outcome = await this.settlePaid(
          {
            orderNo: close.orderNo,
            provider: close.provider,
            providerTradeNo: result.providerTradeNo,
            amount: result.amount,
            currency: close.currency,
          },
          { paidBeforeClose: true },
        )
        state = 'paid'
        this.deps.log.warn({ orderNo: close.orderNo, provider: close.provider, outcome }, 'closing a trade found it paid')
      }
      await this.deps.sequelize.transaction(async (transaction) => {
        await this.deps.sequelize.query(
          `UPDATE payment_close SET state = $2, last_error = NULL, finished_at = now(), updated_at = now() WHERE id = $1`,
          { bind: [closeId, state], transaction },
        )
        await this.audit(close.orderId, 'closed', 'system', { provider: close.provider, result: state }, transaction)
      })
      return state
    } catch (error) {
      await this.deps.sequelize.query(`UPDATE payment_close SET last_error = $2, updated_at = now() WHERE id = $1`, {
        bind: [closeId, String((error as Error).message ?? error).slice(0, 1000)],
      })
      this.deps.log.warn({ err: error, orderNo: close.orderNo, provider: close.provider }, 'closing a trade failed; it will be retried')
      throw error
    }
  }

  /**
   * Settles a verified payment: pays an unpaid order, recognises a repeated
   * report, revives a late-paid order the rules allow, and queues a refund
   * for anything else, in one transaction with the order row locked.
   */
  async settlePaid(report: PaidReport, options: { paidBeforeClose?: boolean } = {}): Promise<SettleOutcome> {
    const siteNames = await this.deps.delivery.siteNames()
    return this.deps.sequelize.transaction(async (transaction) => {
      const [order] = await this.select<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM website_order o WHERE o.order_no = $1 FOR UPDATE`,
        [report.orderNo],
        transaction,
      )
      if (!order) return 'unknown-order'
      if (order.status === ORDER_STATUS.paid && order.providerTradeNo === report.providerTradeNo) return 'duplicate'
      if (order.amount !== report.amount || order.currency !== report.currency) return 'amount-mismatch'
      if (order.status === ORDER_STATUS.unpaid) {
        await this.markPaid(order, report, siteNames, transaction)
        return 'paid'
      }
      if (order.status === ORDER_STATUS.paid) {
        await this.queueRefund(order, report, 'second-payment', 'system', transaction)
        return 'refunding'
      }
      // Never revive an order staff refunded: a payment found for it now is one more to return.
      const revivable = order.closedReason !== 'refunded' && (options.paidBeforeClose || this.withinGrace(order))
      if (revivable && !(await this.paidElsewhere(order, transaction))) {
        await this.markPaid(order, report, siteNames, transaction)
        // The buyer may have ordered the product again meanwhile: that order would be a second payment waiting to happen.
        const others = await this.select<{ id: string }>(
          `UPDATE website_order SET status = '2', closed_reason = 'cancelled', closed_at = now(), updated_at = now()
            WHERE user_id = $1 AND kind = $2 AND product_id = $3 AND status = '0' RETURNING id::text AS id`,
          [order.userId, order.kind, order.productId],
          transaction,
        )
        for (const other of others) await this.queueCloses(other.id, transaction, 'system')
        await this.audit(
          order.id,
          'revived',
          'system',
          {
            provider: report.provider,
            providerTradeNo: report.providerTradeNo,
            closedReason: order.closedReason,
            paidBeforeClose: Boolean(options.paidBeforeClose),
          },
          transaction,
        )
        return 'revived'
      }
      await this.queueRefund(order, report, 'late-payment', 'system', transaction)
      return 'refunding'
    })
  }

  /** An expired (or failed) order still takes a payment that arrives within the grace after it closed. */
  private withinGrace(order: OrderRow): boolean {
    const closedAt = order.closedReason === 'expired' ? order.expiresAt : order.closedReason === 'failed' ? order.closedAt : null
    return closedAt !== null && Date.now() <= closedAt.getTime() + this.deps.options.LATE_PAYMENT_GRACE_MINUTES * 60_000
  }

  private async paidElsewhere(order: OrderRow, transaction: Transaction): Promise<boolean> {
    const rows = await this.select(
      `SELECT 1 FROM website_order WHERE user_id = $1 AND kind = $2 AND product_id = $3 AND status = '1' AND id <> $4 LIMIT 1`,
      [order.userId, order.kind, order.productId, order.id],
      transaction,
    )
    return rows.length > 0
  }

  private async markPaid(order: OrderRow, report: PaidReport, siteNames: SiteNames, transaction: Transaction) {
    const [paid] = await this.select<OrderRow>(
      `UPDATE website_order o SET status = '1', paid_at = now(), provider = $2, provider_trade_no = $3, closed_at = NULL, closed_reason = NULL, updated_at = now()
        WHERE o.id = $1 AND o.status <> '1' RETURNING ${ORDER_COLUMNS}`,
      [order.id, report.provider, report.providerTradeNo.slice(0, 64)],
      transaction,
    )
    await this.deps.delivery.deliverPaid(paid!, siteNames, transaction)
    // A trade left open at the other gateway could take a second payment.
    await this.queueCloses(order.id, transaction, 'system', report.provider)
  }

  /** Records a refund of the trade and queues it; a trade is refunded once, however often it is reported. */
  private async queueRefund(
    order: OrderRow,
    report: PaidReport,
    cause: RefundCause,
    actor: Actor,
    transaction: Transaction,
    reason = REFUND_REASONS[cause],
  ) {
    // Derived from the trade, so even a refund recorded twice is one refund at the gateway.
    const refundNo = `RF${sha256Hex(`${report.provider}:${report.providerTradeNo}`).slice(0, 30).toUpperCase()}`
    const [refund] = await this.select<{ id: string }>(
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
    if (!refund) return undefined
    await this.deps.jobs.send(REFUND_QUEUE, { refundId: refund.id }, { transaction })
    await this.audit(
      order.id,
      'refund-queued',
      actor,
      { refundNo, cause, provider: report.provider, providerTradeNo: report.providerTradeNo, amount: report.amount },
      transaction,
    )
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
    await this.deps.sequelize.query(`UPDATE payment_refund SET attempts = attempts + 1, updated_at = now() WHERE id = $1`, {
      bind: [refundId],
    })
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
      await this.deps.sequelize.query(`UPDATE payment_refund SET last_error = $2, updated_at = now() WHERE id = $1`, {
        bind: [refundId, String((error as Error).message ?? error).slice(0, 1000)],
      })
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
        await this.audit(refund.orderId, 'refund-failed', 'system', { refundNo: refund.refundNo, reason: result.reason }, transaction)
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
      await this.audit(
        refund.orderId,
        'refunded',
        'system',
        { refundNo: refund.refundNo, amount: refund.amount, cause: refund.cause },
        transaction,
      )
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

  /**
   * Staff refund a paid order by hand: the order is closed as refunded, its
   * download links withdrawn, the money queued to go back, and the buyer
   * mailed once it has.
   */
  async staffRefund(orderNo: string, reason: string, actor: Actor): Promise<{ refundNo: string }> {
    if (reason.trim() === '') throw new Error('a reason is required')
    return this.deps.sequelize.transaction(async (transaction) => {
      const [order] = await this.select<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM website_order o WHERE o.order_no = $1 FOR UPDATE`,
        [orderNo],
        transaction,
      )
      if (!order) throw new AppError('ORDER_EMPTY')
      if (order.status !== ORDER_STATUS.paid || !order.provider || !order.providerTradeNo) throw new AppError('ORDER_NOT_PAID')
      await this.deps.sequelize.query(
        `UPDATE website_order SET status = '2', closed_reason = 'refunded', closed_at = now(), updated_at = now() WHERE id = $1`,
        { bind: [order.id], transaction },
      )
      await this.deps.sequelize.query(`DELETE FROM download_link WHERE order_id = $1`, { bind: [order.id], transaction })
      const refundNo = await this.queueRefund(
        order,
        {
          orderNo,
          provider: order.provider as ProviderName,
          providerTradeNo: order.providerTradeNo,
          amount: order.amount,
          currency: order.currency,
        },
        'staff',
        actor,
        transaction,
        reason.trim(),
      )
      if (!refundNo) throw new Error(`the trade of ${orderNo} has been refunded already`)
      await this.audit(order.id, 'staff-refund', actor, { reason: reason.trim() }, transaction)
      return { refundNo }
    })
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    paymentCases: PaymentCases
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const cases = new PaymentCases({
      sequelize: app.db.sequelize,
      jobs: app.jobs,
      payments: app.payments,
      delivery: app.orderDelivery,
      mails: app.mails,
      log: app.log,
      options: app.config,
    })
    app.decorate('paymentCases', cases)
    const retries = {
      policy: 'standard' as const,
      retryLimit: 10,
      retryDelay: app.config.PAYMENT_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 120,
    }
    await app.jobs.define(CLOSE_QUEUE, retries)
    await app.jobs.define(REFUND_QUEUE, retries)
    await app.jobs.work<{ closeId: string }>(CLOSE_QUEUE, async ({ closeId }) => {
      await cases.runClose(closeId)
    })
    await app.jobs.work<{ refundId: string }>(REFUND_QUEUE, async ({ refundId }) => {
      await cases.runRefund(refundId)
    })
  },
  { name: 'payment-cases', dependencies: ['db', 'job-queue', 'mail-service', 'payments', 'order-delivery'] },
)
