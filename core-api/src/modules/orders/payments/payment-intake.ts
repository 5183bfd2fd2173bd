import type { FastifyBaseLogger } from 'fastify'
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize'
import type { Config } from '../../../platform/config.ts'
import { ORDER_COLUMNS, type OrderRow } from '../order-rows.ts'
import type { IncomingNotification, NotificationReply, VerifiedNotification } from './gateways/types.ts'
import type { PaymentCases } from './payment-cases.ts'
import type { Payments } from './payments.ts'
import { commonDeps, servicePlugin } from '../../../platform/lib/service-plugin.ts'

// What the gateways say about orders: their notifications, verified and
// applied, and the answers to our questions about orders left unpaid (a
// notification may be lost). The move from unpaid to paid is one conditional
// UPDATE (payment-cases.ts), so duplicate or concurrent notifications,
// reconciliation and cancellation cannot both win.

/** Outcomes after which the gateway may stop notifying: the payment is taken care of (or was never ours to take). */
const ACCEPTED_OUTCOMES: ReadonlySet<string> = new Set(['paid', 'duplicate', 'revived', 'refunding', 'failed', 'ignored', 'pending'])

export const RECONCILE_QUEUE = 'orders.reconcile'

export class PaymentIntake {
  constructor(
    private readonly deps: {
      sequelize: Sequelize
      payments: Payments
      cases: PaymentCases
      log: FastifyBaseLogger
      options: Pick<Config, 'RECONCILE_AFTER_MINUTES'>
    },
  ) {}

  private async select<T extends object>(sql: string, bind: unknown[], transaction?: Transaction): Promise<T[]> {
    return this.deps.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) })
  }

  /**
   * A provider's notification: accepted only with a valid signature, our app
   * id, a known order and its exact amount and currency. Every notification
   * is recorded, whatever became of it.
   */
  async handleNotification(incoming: IncomingNotification): Promise<NotificationReply> {
    const provider = this.deps.payments.all().find((p) => p.recognizes(incoming))
    const verified = provider ? await provider.verify(incoming) : undefined
    let outcome = 'rejected'
    try {
      if (!provider || !verified) {
        outcome = provider ? 'bad-signature' : 'unrecognized'
        return (provider ?? this.deps.payments.all()[0])?.acknowledge(false) ?? { status: 400, contentType: 'text/plain', body: 'failure' }
      }
      if (verified.kind === 'refund') {
        outcome = await this.deps.cases.refunds.applyRefundNotification(provider.name, verified)
        return provider.acknowledge(outcome !== 'unknown-refund')
      }
      if (verified.appId !== provider.appId) {
        outcome = 'wrong-app'
        return provider.acknowledge(false)
      }
      try {
        outcome = await this.apply(verified)
      } catch (error) {
        // The database is unreachable (or similar): refuse, so the provider
        // retries later, instead of answering a generic 500 envelope.
        outcome = 'error'
        this.deps.log.error(
          { err: error, orderNo: verified.orderNo, provider: provider.name },
          'payment notification could not be applied; the provider will retry',
        )
        return { ...provider.acknowledge(false), status: 503 }
      }
      if (outcome === 'amount-mismatch' || outcome === 'unknown-order') {
        this.deps.log.error(
          {
            orderNo: verified.orderNo,
            provider: provider.name,
            providerTradeNo: verified.providerTradeNo,
            amount: verified.amount,
            outcome,
          },
          'a verified payment matches no order of ours: staff must look into it',
        )
      }
      return provider.acknowledge(ACCEPTED_OUTCOMES.has(outcome))
    } finally {
      await this.deps.sequelize
        .query(`INSERT INTO payment_notification (provider, order_no, verified, outcome, raw_body) VALUES ($1, $2, $3, $4, $5)`, {
          bind: [
            provider?.name ?? null,
            verified?.orderNo.slice(0, 32) ?? null,
            verified !== undefined,
            outcome,
            incoming.rawBody.slice(0, 20_000),
          ],
        })
        .catch((error: unknown) => this.deps.log.error({ err: error }, 'could not record a payment notification'))
    }
  }

  /** Applies a verified provider report to its order; answers what happened. */
  private async apply(
    report: Pick<VerifiedNotification, 'orderNo' | 'amount' | 'currency' | 'providerTradeNo' | 'outcome' | 'provider'>,
  ): Promise<string> {
    if (report.outcome === 'pending') return 'pending'
    if (report.outcome === 'failed') {
      const failed = await this.select(
        `UPDATE website_order SET status = '3', closed_reason = 'failed', closed_at = now(), updated_at = now() WHERE order_no = $1 AND status = '0' RETURNING id`,
        [report.orderNo],
      )
      return failed.length > 0 ? 'failed' : 'ignored'
    }
    // Paid: the order turns paid with its file, link and mail; or, if it
    // cannot take the money, the money goes back (payment-cases.ts).
    return this.deps.cases.settlePaid(report)
  }

  /**
   * Asks the providers about unpaid orders older than RECONCILE_AFTER_MINUTES
   * (a notification may have been lost), then cancels the expired ones.
   */
  async reconcile(): Promise<{ paid: number; expired: number; refunds: number }> {
    const stale = await this.select<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM website_order o WHERE o.status = '0' AND o.provider IS NOT NULL
          AND o.created_at < now() - make_interval(mins => $1) ORDER BY o.created_at LIMIT 100`,
      [this.deps.options.RECONCILE_AFTER_MINUTES],
    )
    let paid = 0
    for (const order of stale) {
      const provider = this.deps.payments.all().find((p) => p.name === order.provider)
      if (!provider) continue
      try {
        const result = await provider.query(order.orderNo)
        if (result.state === 'paid') {
          const outcome = await this.apply({
            orderNo: order.orderNo,
            amount: result.amount,
            currency: order.currency,
            providerTradeNo: result.providerTradeNo,
            outcome: 'paid',
            provider: provider.name,
          })
          if (outcome === 'paid') paid++
        } else if (result.state === 'failed') {
          await this.apply({
            orderNo: order.orderNo,
            amount: order.amount,
            currency: order.currency,
            providerTradeNo: '',
            outcome: 'failed',
            provider: provider.name,
          })
        }
      } catch (error) {
        this.deps.log.warn({ err: error, orderNo: order.orderNo }, 'reconciliation query failed')
      }
    }
    // Expired orders close, and their trades are closed at the gateways, in one transaction.
    const expired = await this.deps.sequelize.transaction(async (transaction) => {
      const rows = await this.select<{ id: string }>(
        `UPDATE website_order SET status = '2', closed_reason = 'expired', closed_at = now(), updated_at = now()
          WHERE id IN (SELECT id FROM website_order WHERE status = '0' AND expires_at < now() ORDER BY expires_at LIMIT 500) AND status = '0' RETURNING id::text AS id`,
        [],
        transaction,
      )
      for (const row of rows) await this.deps.cases.closes.queueCloses(row.id, transaction, 'system')
      return rows.length
    })
    const refunds = await this.deps.cases.refunds.reconcileRefunds()
    return { paid, expired, refunds }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    paymentIntake: PaymentIntake
  }
}

export default servicePlugin(
  { name: 'payment-intake', decorates: 'paymentIntake', dependencies: ['db', 'job-queue', 'payments', 'payment-cases'] },
  async (app) => {
    const intake = new PaymentIntake({ ...commonDeps(app), payments: app.payments, cases: app.paymentCases })
    // One sweep at a time in the whole cluster, never piling up; a failed
    // sweep is not retried, the next one comes within the interval.
    await app.jobs.define(RECONCILE_QUEUE, { policy: 'stately', retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 600 })
    await app.jobs.work(RECONCILE_QUEUE, async () => {
      const result = await intake.reconcile()
      if (result.paid || result.expired || result.refunds) app.log.info(result, 'orders reconciled')
    })
    const interval = app.config.RECONCILE_INTERVAL_SECONDS
    if (interval > 0) app.jobs.every(RECONCILE_QUEUE, interval)
    return intake
  },
)
