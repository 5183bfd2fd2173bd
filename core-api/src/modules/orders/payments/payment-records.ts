import type { Sequelize, Transaction } from 'sequelize'
import type { ProviderName } from './gateways/types.ts'

// What the payment cases (payment-cases.ts, payment-closes.ts,
// payment-refunds.ts) pass between them and record: who acted, what a
// gateway reported, and the audit trail of an order's money.

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

/** Records a step taken on an order's money in payment_audit, with who took it. */
export async function recordAudit(
  sequelize: Sequelize,
  entry: { orderId: string; action: string; actor: Actor; detail: Record<string, unknown> },
  transaction?: Transaction,
): Promise<void> {
  await sequelize.query(`INSERT INTO payment_audit (order_id, action, actor, detail) VALUES ($1, $2, $3, $4)`, {
    bind: [entry.orderId, entry.action, entry.actor.slice(0, 100), JSON.stringify(entry.detail)],
    ...(transaction ? { transaction } : {}),
  })
}

/** Notes a failed attempt on a close or refund row, for staff and the next retry. */
export async function recordAttemptError(
  sequelize: Sequelize,
  table: 'payment_close' | 'payment_refund',
  id: string,
  error: unknown,
): Promise<void> {
  await sequelize.query(`UPDATE ${table} SET last_error = $2, updated_at = now() WHERE id = $1`, {
    bind: [id, String((error as Error).message ?? error).slice(0, 1000)],
  })
}

/** Counts an attempt on a close or refund row before the gateway is asked. */
export async function countAttempt(sequelize: Sequelize, table: 'payment_close' | 'payment_refund', id: string): Promise<void> {
  await sequelize.query(`UPDATE ${table} SET attempts = attempts + 1, updated_at = now() WHERE id = $1`, { bind: [id] })
}
