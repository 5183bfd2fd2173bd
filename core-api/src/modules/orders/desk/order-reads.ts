import type { ListOrdersQuery, OrderState, StaffOrder, StaffOrderListItem, StaffOrderPage } from '@rpt/contract'
import { BUSINESS_TIME_ZONE } from '@rpt/contract'
import type { Sequelize } from 'sequelize'
import { AppError } from '../../../platform/errors.ts'
import { Conditions, selectRows } from '../../../platform/lib/sql.ts'

// What the staff desk reads of orders: the list with its totals,
// and one order with every payment event. Read only; the actions are in
// staff-orders.ts. Amounts are stored in minor units and answered in major
// ones, as the buyer saw them.

/** The accounting day: the publisher books its sales in China time, whatever zone the server runs in. */
export const ACCOUNTING_TIME_ZONE = BUSINESS_TIME_ZONE

/** The desk's state of an order, from its status and why it closed (order-rows.ts ORDER_STATUS). */
export const STATE_SQL = `CASE WHEN o.status = '0' THEN 'unpaid' WHEN o.status = '1' THEN 'paid'
  WHEN o.closed_reason = 'refunded' THEN 'refunded' WHEN o.closed_reason = 'expired' THEN 'expired'
  WHEN o.status = '3' OR o.closed_reason IN ('failed', 'start-failed') THEN 'failed' ELSE 'cancelled' END`

/** The gateway paid at, else the one the buyer chose (pay_method zfb*, wx*). */
export const METHOD_SQL = `COALESCE(o.provider, CASE WHEN o.pay_method LIKE 'zfb%' THEN 'alipay' WHEN o.pay_method LIKE 'wx%' THEN 'wechatpay' WHEN o.pay_method = 'bank' THEN 'bank' END)`

/** The instant a China day (a YYYY-MM-DD bound to `param`) starts, whatever zone the server runs in. */
export const dayStartSql = (param: string) => `(${param}::date)::timestamp AT TIME ZONE '${ACCOUNTING_TIME_ZONE}'`

const DAY_SQL = `to_char(o.created_at AT TIME ZONE '${ACCOUNTING_TIME_ZONE}', 'YYYY-MM-DD')`

const SORT_COLUMN = { createdAt: 'o.created_at', paidAt: 'o.paid_at', amount: 'o.amount' } as const

const LIST_COLUMNS = `o.order_no AS "orderNo", o.kind, o.title, ${STATE_SQL} AS state, ${METHOD_SQL} AS method, o.amount, o.currency,
  u.login_code AS buyer, u.email AS "buyerEmail", o.created_at AS "createdAt", o.paid_at AS "paidAt",
  (SELECT json_build_object('state', CASE WHEN bool_and(r.state = 'succeeded') THEN 'refunded' ELSE 'refunding' END, 'amount', sum(r.amount))
     FROM payment_refund r WHERE r.order_id = o.id HAVING count(*) > 0) AS refund`

interface ListRow {
  orderNo: string
  kind: string
  title: string
  state: OrderState
  method: string | null
  amount: number
  currency: string
  buyer: string
  buyerEmail: string
  createdAt: Date
  paidAt: Date | null
  refund: { state: string; amount: number | string } | null
}

const major = (minor: number | string) => Number(minor) / 100
const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString())

function presentListRow(row: ListRow): StaffOrderListItem {
  return {
    orderNo: row.orderNo,
    kind: row.kind,
    title: row.title,
    state: row.state,
    method: row.method,
    amount: major(row.amount),
    currency: row.currency,
    buyer: row.buyer,
    buyerEmail: row.buyerEmail,
    createdAt: iso(row.createdAt)!,
    paidAt: iso(row.paidAt),
    refund: row.refund ? { state: row.refund.state, amount: major(row.refund.amount) } : null,
  }
}

/** A YYYY-MM-DD the schema let through may still not exist (2026-02-30): refused, never handed to the database. */
function realDay(day: string | undefined): string | undefined {
  if (day === undefined) return undefined
  const date = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) throw new AppError('STAFF_ORDER_FILTER_INVALID')
  return day
}

/** What the list and the export filter on (not paging or sort). */
export type OrderFilters = Omit<ListOrdersQuery, 'pageNo' | 'pageSize' | 'sort' | 'order'>

/** The WHERE clause of the filters over website_order o and website_user u; a refused filter throws 300306. */
export function orderConditions(query: OrderFilters): Conditions {
  const from = realDay(query.from)
  const to = realDay(query.to)
  if (from && to && to < from) throw new AppError('STAFF_ORDER_FILTER_INVALID')
  if (query.minAmount !== undefined && query.maxAmount !== undefined && query.maxAmount < query.minAmount) {
    throw new AppError('STAFF_ORDER_FILTER_INVALID')
  }
  const where = new Conditions()
  if (query.state) where.add(`(${STATE_SQL}) = ?`, query.state)
  if (query.method) where.add(`${METHOD_SQL} = ?`, query.method)
  if (query.kind) where.add(`o.kind = ?`, query.kind)
  if (from) where.add(`o.created_at >= ${dayStartSql('?')}`, from)
  if (to) where.add(`o.created_at < ${dayStartSql('(?::date + 1)')}`, to)
  // Amounts are compared in minor units, as stored: no floating point on the money path.
  if (query.minAmount !== undefined) where.add(`o.amount >= ?`, Math.ceil(Math.round(query.minAmount * 1000) / 10))
  if (query.maxAmount !== undefined) where.add(`o.amount <= ?`, Math.floor(Math.round(query.maxAmount * 1000) / 10))
  if (query.buyer) {
    const buyer = query.buyer.trim().toLowerCase()
    where.add(`(lower(u.login_code) = ? OR lower(u.email) = ? OR lower(o.email) = ?)`, buyer, buyer, buyer)
  }
  if (query.orderNo) where.add(`o.order_no LIKE ?`, `${query.orderNo.toUpperCase()}%`)
  return where
}

export const FROM = `FROM website_order o JOIN website_user u ON u.id = o.user_id`

export async function listOrders(sequelize: Sequelize, query: ListOrdersQuery): Promise<StaffOrderPage> {
  const pageNo = query.pageNo ?? 1
  const pageSize = query.pageSize ?? 10
  const where = orderConditions(query)
  const column = SORT_COLUMN[query.sort ?? 'createdAt']
  const direction = query.order === 'asc' ? 'ASC' : 'DESC'
  const page = where.clone()
  const limit = page.bind(pageSize)
  const offset = page.bind((pageNo - 1) * pageSize)
  type TotalRow = { day?: string; method: string; currency: string; count: number; amount: string }
  const [rows, [counted], byDay, byMethod] = await Promise.all([
    selectRows<ListRow>(
      sequelize,
      `SELECT ${LIST_COLUMNS} ${FROM} ${page.where}
        ORDER BY ${column} ${direction} NULLS LAST, o.id ${direction} LIMIT ${limit} OFFSET ${offset}`,
      page.params,
    ),
    selectRows<{ count: number }>(sequelize, `SELECT count(*)::int AS count ${FROM} ${where.where}`, where.params),
    selectRows<TotalRow>(
      sequelize,
      `SELECT ${DAY_SQL} AS day, COALESCE(${METHOD_SQL}, 'none') AS method, o.currency, count(*)::int AS count, sum(o.amount)::text AS amount
         ${FROM} ${where.where} GROUP BY 1, 2, 3 ORDER BY 1 DESC, 2, 3`,
      where.params,
    ),
    selectRows<TotalRow>(
      sequelize,
      `SELECT COALESCE(${METHOD_SQL}, 'none') AS method, o.currency, count(*)::int AS count, sum(o.amount)::text AS amount
         ${FROM} ${where.where} GROUP BY 1, 2 ORDER BY 1, 2`,
      where.params,
    ),
  ])
  const total = ({ method, currency, count, amount }: TotalRow) => ({ method, currency, count, amount: major(amount) })
  return {
    list: rows.map(presentListRow),
    count: counted?.count ?? 0,
    pageNo,
    pageSize,
    totals: { byDay: byDay.map((row) => ({ day: row.day!, ...total(row) })), byMethod: byMethod.map(total) },
  }
}

/** An account's orders as the list shows them, newest first (a customer's page). */
export async function accountOrders(sequelize: Sequelize, userId: string, limit: number): Promise<StaffOrderListItem[]> {
  const rows = await selectRows<ListRow>(
    sequelize,
    `SELECT ${LIST_COLUMNS} ${FROM} WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2`,
    [userId, limit],
  )
  return rows.map(presentListRow)
}

/** The order's id and state, for the actions; refused as not found when there is none. */
export async function findOrder(sequelize: Sequelize, orderNo: string) {
  const [order] = await selectRows<{ id: string; orderNo: string; kind: string; state: OrderState }>(
    sequelize,
    `SELECT o.id::text AS id, o.order_no AS "orderNo", o.kind, ${STATE_SQL} AS state FROM website_order o WHERE o.order_no = $1`,
    [orderNo.toUpperCase()],
  )
  if (!order) throw new AppError('STAFF_ORDER_NOT_FOUND')
  return order
}

/** Raw notification bodies are kept whole in the database; the page shows their beginning. */
const RAW_BODY_SHOWN = 4000

export async function getOrder(sequelize: Sequelize, orderNo: string): Promise<StaffOrder> {
  type Row = ListRow & {
    id: string
    lang: string
    productId: string
    edition: string | null
    licence: string | null
    deliveryEmail: string | null
    providerTradeNo: string | null
    expiresAt: Date
    closedAt: Date | null
    closedReason: string | null
    file: string | null
    userId: string
    name: string
    company: string
  }
  const [row] = await selectRows<Row>(
    sequelize,
    `SELECT ${LIST_COLUMNS}, o.id::text AS id, o.lang, o.product_id::text AS "productId", o.edition, o.licence, o.email AS "deliveryEmail",
            o.provider_trade_no AS "providerTradeNo", o.expires_at AS "expiresAt", o.closed_at AS "closedAt", o.closed_reason AS "closedReason",
            o.attachment_name AS file, u.id::text AS "userId", u.name, u.company_name AS company
       ${FROM} WHERE o.order_no = $1`,
    [orderNo.toUpperCase()],
  )
  if (!row) throw new AppError('STAFF_ORDER_NOT_FOUND')
  type EventRow = { at: Date; source: string; action: string; actor: string | null; detail: unknown }
  const [audits, notifications, refunds, closes] = await Promise.all([
    selectRows<EventRow>(
      sequelize,
      `SELECT created_at AS at, 'audit' AS source, action, actor, detail FROM payment_audit WHERE order_id = $1 ORDER BY created_at, id`,
      [row.id],
    ),
    selectRows<EventRow>(
      sequelize,
      `SELECT created_at AS at, 'notification' AS source, outcome AS action, provider AS actor,
              json_build_object('provider', provider, 'verified', verified, 'outcome', outcome, 'body', left(raw_body, ${RAW_BODY_SHOWN})) AS detail
         FROM payment_notification WHERE order_no = $1 ORDER BY created_at, id`,
      [row.orderNo],
    ),
    selectRows<Record<string, unknown> & { amount: number; createdAt: Date; refundedAt: Date | null }>(
      sequelize,
      `SELECT refund_no AS "refundNo", provider, amount, currency, cause, reason, state, attempts, last_error AS "lastError",
              requested_by AS "requestedBy", created_at AS "createdAt", refunded_at AS "refundedAt"
         FROM payment_refund WHERE order_id = $1 ORDER BY created_at, id`,
      [row.id],
    ),
    selectRows<Record<string, unknown> & { createdAt: Date; finishedAt: Date | null }>(
      sequelize,
      `SELECT provider, state, attempts, last_error AS "lastError", created_at AS "createdAt", finished_at AS "finishedAt"
         FROM payment_close WHERE order_id = $1 ORDER BY created_at, id`,
      [row.id],
    ),
  ])
  const events = [...audits, ...notifications].map((event) => ({ ...event, at: iso(event.at)! })).sort((a, b) => a.at.localeCompare(b.at))
  return {
    ...presentListRow(row),
    lang: row.lang,
    edition: row.edition,
    licence: row.licence,
    deliveryEmail: row.deliveryEmail,
    providerTradeNo: row.providerTradeNo,
    expiresAt: iso(row.expiresAt)!,
    closedAt: iso(row.closedAt),
    closedReason: row.closedReason,
    file: row.file,
    lines: [{ productId: row.productId, title: row.title, edition: row.edition, licence: row.licence, amount: major(row.amount) }],
    account: { id: row.userId, login: row.buyer, email: row.buyerEmail, name: row.name, company: row.company },
    events,
    refunds: refunds.map((refund) => ({
      ...(refund as unknown as StaffOrder['refunds'][number]),
      amount: major(refund.amount),
      createdAt: iso(refund.createdAt)!,
      refundedAt: iso(refund.refundedAt),
    })),
    closes: closes.map((close) => ({
      ...(close as unknown as StaffOrder['closes'][number]),
      createdAt: iso(close.createdAt)!,
      finishedAt: iso(close.finishedAt),
    })),
  }
}
