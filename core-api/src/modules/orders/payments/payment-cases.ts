import type { Transaction } from 'sequelize'
import type { Config } from '../../../platform/config.ts'
import { AppError } from '../../../platform/errors.ts'
import { ORDER_COLUMNS, ORDER_STATUS, type OrderRow } from '../order-rows.ts'
import { selectRows } from '../../../platform/lib/sql.ts'
import type { ProviderName } from './gateways/types.ts'
import type { SiteNames } from '../order-delivery.ts'
import { CLOSE_QUEUE, PaymentCloses } from './payment-closes.ts'
import { recordAudit, type Actor, type PaidReport, type SettleOutcome } from './payment-records.ts'
import { PaymentRefunds, REFUND_QUEUE, type RefundDeps } from './payment-refunds.ts'
import { commonDeps, servicePlugin } from '../../../platform/lib/service-plugin.ts'

// What happens to money once an order stops being payable here.
//
// - A cancelled or expired order's trades are closed at every gateway a
//   payment was started at (payment-closes.ts). A close that finds the trade
//   paid means the buyer paid first: the order is paid and delivered after all.
// - A verified payment the order cannot take goes back (payment-refunds.ts)
//   and the buyer is told why: a payment for a cancelled order, or for one
//   that expired more than LATE_PAYMENT_GRACE_MINUTES before it arrived, and
//   a second payment for an order already paid. A payment within the grace for an expired (or
//   failed) order revives it instead, unless the buyer has paid another
//   order for the same product meanwhile.
// - Every step is recorded in payment_audit with who took it.

export class PaymentCases {
  readonly closes: PaymentCloses
  readonly refunds: PaymentRefunds

  constructor(
    // What the refunds need, and the grace a late payment has.
    private readonly deps: RefundDeps & { options: Pick<Config, 'LATE_PAYMENT_GRACE_MINUTES' | 'PAYMENT_NOTIFY_URL'> },
  ) {
    this.closes = new PaymentCloses({ ...deps, settlePaid: (report, options) => this.settlePaid(report, options) })
    this.refunds = new PaymentRefunds(deps)
  }

  private select<T extends object>(sql: string, bind: unknown[], transaction?: Transaction): Promise<T[]> {
    return selectRows<T>(this.deps.sequelize, sql, bind, transaction)
  }

  /** The refund job, for staff tools that ask a refund along (npm run payments). */
  runRefund(refundId: string): Promise<string> {
    return this.refunds.runRefund(refundId)
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
        await this.refunds.queueRefund(order, report, { cause: 'second-payment', actor: 'system' }, transaction)
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
        for (const other of others) await this.closes.queueCloses(other.id, transaction, 'system')
        const detail = {
          provider: report.provider,
          providerTradeNo: report.providerTradeNo,
          closedReason: order.closedReason,
          paidBeforeClose: Boolean(options.paidBeforeClose),
        }
        await recordAudit(this.deps.sequelize, { orderId: order.id, action: 'revived', actor: 'system', detail }, transaction)
        return 'revived'
      }
      await this.refunds.queueRefund(order, report, { cause: 'late-payment', actor: 'system' }, transaction)
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
    await this.closes.queueCloses(order.id, transaction, 'system', report.provider)
  }

  /**
   * A bank transfer finance recorded (bank-transfer/): the order, locked by the
   * caller on `transaction`, turns paid with the bank's serial as its trade
   * and is delivered as any paid order; trades started at a gateway before
   * are closed, so the buyer cannot pay twice.
   */
  async payByTransfer(order: OrderRow, serial: string, actor: Actor, siteNames: SiteNames, transaction: Transaction): Promise<void> {
    const [paid] = await this.select<OrderRow>(
      `UPDATE website_order o SET status = '1', paid_at = now(), pay_method = 'bank', provider = 'bank', provider_trade_no = $2,
              closed_at = NULL, closed_reason = NULL, updated_at = now()
        WHERE o.id = $1 AND o.status = '0' RETURNING ${ORDER_COLUMNS}`,
      [order.id, serial.slice(0, 64)],
      transaction,
    )
    if (!paid) throw new AppError('TRANSFER_NOT_AWAITING')
    await this.deps.delivery.deliverPaid(paid, siteNames, transaction)
    await this.closes.queueCloses(order.id, transaction, actor)
    await recordAudit(this.deps.sequelize, { orderId: order.id, action: 'bank-transfer-received', actor, detail: { serial } }, transaction)
  }

  /**
   * Staff refund a paid order by hand: the order is closed as refunded, its
   * download links withdrawn, the money queued to go back, and the buyer
   * mailed once it has.
   */
  /**
   * A refund is never made while the order's invoice stands (issued, or
   * waiting for its red-letter file): checked on the order's lock, which
   * issuing and reversing hold too. A request not yet issued is withdrawn.
   */
  private async refuseWhileInvoiceStands(orderId: string, transaction: Transaction): Promise<void> {
    const [invoice] = await this.select<{ status: string }>(
      `SELECT status FROM order_invoice WHERE order_id = $1 FOR UPDATE`,
      [orderId],
      transaction,
    )
    if (invoice?.status === 'issued') throw new AppError('INVOICE_STANDS')
    if (invoice?.status === 'reversing') throw new AppError('INVOICE_REVERSAL_PENDING')
    if (invoice?.status === 'requested') {
      await this.deps.sequelize.query(`UPDATE order_invoice SET status = 'cancelled', updated_at = now() WHERE order_id = $1`, {
        bind: [orderId],
        transaction,
      })
    }
  }

  async staffRefund(
    orderNo: string,
    reason: string,
    actor: Actor,
    /** More to record on the refund's transaction (the staff desk's audit row), given the refund number. */
    alongside?: (refundNo: string, transaction: Transaction) => Promise<void>,
  ): Promise<{ refundNo: string }> {
    if (reason.trim() === '') throw new Error('a reason is required')
    return this.deps.sequelize.transaction(async (transaction) => {
      const [order] = await this.select<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM website_order o WHERE o.order_no = $1 FOR UPDATE`,
        [orderNo],
        transaction,
      )
      if (!order) throw new AppError('ORDER_EMPTY')
      // Told apart from an unpaid order, so a second refund (a double click, a second person) reads as what it is.
      if (order.closedReason === 'refunded') throw new AppError('STAFF_ORDER_ALREADY_REFUNDED')
      if (order.status !== ORDER_STATUS.paid || !order.provider || !order.providerTradeNo) throw new AppError('ORDER_NOT_PAID')
      await this.refuseWhileInvoiceStands(order.id, transaction)
      // No gateway took this money: finance send it back by bank, by hand.
      if (order.provider === 'bank') throw new AppError('TRANSFER_REFUND_MANUAL')
      await this.deps.sequelize.query(
        `UPDATE website_order SET status = '2', closed_reason = 'refunded', closed_at = now(), updated_at = now() WHERE id = $1`,
        { bind: [order.id], transaction },
      )
      await this.deps.sequelize.query(`DELETE FROM download_link WHERE order_id = $1`, { bind: [order.id], transaction })
      const refundNo = await this.refunds.queueRefund(
        order,
        {
          orderNo,
          provider: order.provider as ProviderName,
          providerTradeNo: order.providerTradeNo,
          amount: order.amount,
          currency: order.currency,
        },
        { cause: 'staff', actor, reason: reason.trim() },
        transaction,
      )
      // The trade was refunded already (a second payment's refund): rolled back, never a second refund.
      if (!refundNo) throw new AppError('STAFF_ORDER_ALREADY_REFUNDED')
      const detail = { reason: reason.trim() }
      await recordAudit(this.deps.sequelize, { orderId: order.id, action: 'staff-refund', actor, detail }, transaction)
      if (alongside) await alongside(refundNo, transaction)
      return { refundNo }
    })
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    paymentCases: PaymentCases
  }
}

export default servicePlugin(
  { name: 'payment-cases', decorates: 'paymentCases', dependencies: ['db', 'job-queue', 'mail-service', 'payments', 'order-delivery'] },
  async (app) => {
    const cases = new PaymentCases({
      ...commonDeps(app),
      jobs: app.jobs,
      payments: app.payments,
      delivery: app.orderDelivery,
      mails: app.mails,
    })
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
      await cases.closes.runClose(closeId)
    })
    await app.jobs.work<{ refundId: string }>(REFUND_QUEUE, async ({ refundId }) => {
      await cases.refunds.runRefund(refundId)
    })
    return cases
  },
)
