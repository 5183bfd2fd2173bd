import { QueryTypes, type Sequelize } from 'sequelize'

// The payment cases staff follow (npm run payments -- list): refunds not yet
// done or refused, refunds done, and closes not yet done. Read only; what
// makes them is payment-cases.ts.

export type CaseState = 'refund-required' | 'refunded' | 'closing'

export interface CaseRow {
  orderNo: string
  provider: string
  state: string
  amount: number | null
  currency: string | null
  cause: string | null
  attempts: number
  lastError: string | null
  requestedBy: string | null
  createdAt: Date
  updatedAt: Date
}

/**
 * Each state's rows, over payment_refund r or payment_close c. The states are
 * written out, not bound, so the planner proves the partial indexes
 * (payment_refund_open, payment_close_open) cover the open ones.
 */
const CASE_WHERE: Record<CaseState, string> = {
  'refund-required': `r.state IN ('pending', 'processing', 'failed')`,
  refunded: `r.state = 'succeeded'`,
  closing: `c.state IN ('pending', 'failed')`,
}

/** The cases in a state, oldest first. */
export async function listCases(sequelize: Sequelize, state: CaseState, limit = 200): Promise<CaseRow[]> {
  const select = (sql: string) => sequelize.query<CaseRow>(sql, { bind: [limit], type: QueryTypes.SELECT })
  if (state === 'closing') {
    return select(
      `SELECT o.order_no AS "orderNo", c.provider, c.state, NULL::int AS amount, NULL AS currency, NULL AS cause, c.attempts, c.last_error AS "lastError",
              NULL AS "requestedBy", c.created_at AS "createdAt", c.updated_at AS "updatedAt"
         FROM payment_close c JOIN website_order o ON o.id = c.order_id WHERE ${CASE_WHERE.closing} ORDER BY c.created_at LIMIT $1`,
    )
  }
  return select(
    `SELECT o.order_no AS "orderNo", r.provider, r.state, r.amount, r.currency, r.cause, r.attempts, r.last_error AS "lastError",
            r.requested_by AS "requestedBy", r.created_at AS "createdAt", r.updated_at AS "updatedAt"
       FROM payment_refund r JOIN website_order o ON o.id = r.order_id WHERE ${CASE_WHERE[state]} ORDER BY r.created_at LIMIT $1`,
  )
}

/** How many cases listCases would list in the states not done: refunds to make or refused, closes to make (the dashboard). */
export async function countOpenCases(sequelize: Sequelize): Promise<{ refundRequired: number; closing: number }> {
  const [row] = await sequelize.query<{ refundRequired: number; closing: number }>(
    `SELECT (SELECT count(*)::int FROM payment_refund r WHERE ${CASE_WHERE['refund-required']}) AS "refundRequired",
            (SELECT count(*)::int FROM payment_close c WHERE ${CASE_WHERE.closing}) AS closing`,
    { type: QueryTypes.SELECT },
  )
  return row ?? { refundRequired: 0, closing: 0 }
}
