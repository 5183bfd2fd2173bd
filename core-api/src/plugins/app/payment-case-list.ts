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

/** The cases in a state, oldest first. */
export async function listCases(sequelize: Sequelize, state: CaseState, limit = 200): Promise<CaseRow[]> {
  const select = (sql: string, bind: unknown[]) => sequelize.query<CaseRow>(sql, { bind, type: QueryTypes.SELECT })
  if (state === 'closing') {
    return select(
      `SELECT o.order_no AS "orderNo", c.provider, c.state, NULL::int AS amount, NULL AS currency, NULL AS cause, c.attempts, c.last_error AS "lastError",
              NULL AS "requestedBy", c.created_at AS "createdAt", c.updated_at AS "updatedAt"
         FROM payment_close c JOIN website_order o ON o.id = c.order_id WHERE c.state IN ('pending', 'failed') ORDER BY c.created_at LIMIT $1`,
      [limit],
    )
  }
  const states = state === 'refunded' ? ['succeeded'] : ['pending', 'processing', 'failed']
  return select(
    `SELECT o.order_no AS "orderNo", r.provider, r.state, r.amount, r.currency, r.cause, r.attempts, r.last_error AS "lastError",
            r.requested_by AS "requestedBy", r.created_at AS "createdAt", r.updated_at AS "updatedAt"
       FROM payment_refund r JOIN website_order o ON o.id = r.order_id WHERE r.state = ANY($1::text[]) ORDER BY r.created_at LIMIT $2`,
    [states, limit],
  )
}
