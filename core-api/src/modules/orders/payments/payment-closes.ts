import type { FastifyBaseLogger } from 'fastify'
import type { Sequelize, Transaction } from 'sequelize'
import { selectRows } from '../../../platform/lib/sql.ts'
import { ProviderError, type ProviderName } from './gateways/types.ts'
import type { JobQueue } from '../../../platform/jobs/job-queue.ts'
import { countAttempt, recordAttemptError, recordAudit, type Actor, type PaidReport, type SettleOutcome } from './payment-records.ts'
import type { Payments } from './payments.ts'

// A cancelled or expired order's trades are closed at every gateway a payment
// was started at (a durable job each, retried with backoff). A close that
// finds the trade paid means the buyer paid first: the order is settled as
// paid (payment-cases.ts) after all.

export const CLOSE_QUEUE = 'payments.close'

export class PaymentCloses {
  constructor(
    private readonly deps: {
      sequelize: Sequelize
      jobs: JobQueue
      payments: Payments
      log: FastifyBaseLogger
      /** Settles a payment a close found (PaymentCases.settlePaid). */
      settlePaid: (report: PaidReport, options: { paidBeforeClose: boolean }) => Promise<SettleOutcome>
    },
  ) {}

  /** Records that a payment is being started at a gateway, so the order's close reaches it. */
  async tradeStarted(orderId: string, provider: ProviderName): Promise<void> {
    await this.deps.sequelize.query(`INSERT INTO payment_trade (order_id, provider) VALUES ($1, $2) ON CONFLICT DO NOTHING`, {
      bind: [orderId, provider],
    })
  }

  /** Queues the close of the order's trades (but the one at `except`), on the transaction that closed or paid the order. */
  async queueCloses(orderId: string, transaction: Transaction, actor: Actor, except?: ProviderName): Promise<number> {
    const closes = await selectRows<{ id: string; provider: string }>(
      this.deps.sequelize,
      `INSERT INTO payment_close (order_id, provider)
       SELECT order_id, provider FROM payment_trade WHERE order_id = $1 AND ($2::text IS NULL OR provider <> $2::text)
       ON CONFLICT (order_id, provider) DO NOTHING RETURNING id::text AS id, provider`,
      [orderId, except ?? null],
      transaction,
    )
    for (const close of closes) {
      await this.deps.jobs.send(CLOSE_QUEUE, { closeId: close.id }, { transaction })
      await recordAudit(this.deps.sequelize, { orderId, action: 'close-queued', actor, detail: { provider: close.provider } }, transaction)
    }
    return closes.length
  }

  /** The close job: asks the gateway to close the trade; one that turns out paid is settled as a payment made before the close. */
  async runClose(closeId: string): Promise<string> {
    const [close] = await selectRows<{ orderId: string; orderNo: string; currency: string; provider: ProviderName; state: string }>(
      this.deps.sequelize,
      `SELECT c.order_id::text AS "orderId", o.order_no AS "orderNo", o.currency, c.provider, c.state
         FROM payment_close c JOIN website_order o ON o.id = c.order_id WHERE c.id = $1`,
      [closeId],
    )
    if (!close || close.state !== 'pending') return close?.state ?? 'gone'
    await countAttempt(this.deps.sequelize, 'payment_close', closeId)
    try {
      const provider = this.deps.payments.all().find((p) => p.name === close.provider)
      if (!provider) throw new ProviderError(`${close.provider} is not configured here`)
      const result = await provider.close(close.orderNo)
      let state: string = result.state
      if (result.state === 'paid') {
        const outcome = await this.deps.settlePaid(
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
        const detail = { provider: close.provider, result: state }
        await recordAudit(this.deps.sequelize, { orderId: close.orderId, action: 'closed', actor: 'system', detail }, transaction)
      })
      return state
    } catch (error) {
      await recordAttemptError(this.deps.sequelize, 'payment_close', closeId, error)
      this.deps.log.warn({ err: error, orderNo: close.orderNo, provider: close.provider }, 'closing a trade failed; it will be retried')
      throw error
    }
  }
}
