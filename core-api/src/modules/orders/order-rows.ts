import type { Lang } from '../../platform/errors.ts'

// The order row as the services read it, and as the order lists present it.

export type OrderKind = 'brief' | 'research'
export const ORDER_STATUS = { unpaid: '0', paid: '1', cancelled: '2', failed: '3' } as const

export interface OrderRow {
  id: string
  orderNo: string
  kind: OrderKind
  userId: string
  productId: string
  lang: Lang
  title: string
  edition: string | null
  licence: string | null
  email: string | null
  amount: number
  currency: string
  payMethod: string | null
  status: string
  provider: string | null
  providerTradeNo: string | null
  attachmentKey: string | null
  attachmentName: string | null
  paidAt: Date | null
  createdAt: Date
  expiresAt: Date
  closedAt: Date | null
  /** Why a cancelled or failed order closed: cancelled (by the buyer), expired, failed, start-failed, refunded */
  closedReason: string | null
  /** Money returned for this order, all refunds together; null when none was asked for. */
  refund: { state: RefundSummaryState; amount: number } | null
}

/** A refund the gateway refused is still the staff's to finish: to the buyer it is under way. */
export type RefundSummaryState = 'refunding' | 'refunded'

export const ORDER_COLUMNS = `o.id::text AS id, o.order_no AS "orderNo", o.kind, o.user_id::text AS "userId", o.product_id::text AS "productId", o.lang, o.title,
  o.edition, o.licence, o.email, o.amount, o.currency, o.pay_method AS "payMethod", o.status, o.provider, o.provider_trade_no AS "providerTradeNo",
  o.attachment_key AS "attachmentKey", o.attachment_name AS "attachmentName", o.paid_at AS "paidAt", o.created_at AS "createdAt", o.expires_at AS "expiresAt",
  o.closed_at AS "closedAt", o.closed_reason AS "closedReason",
  (SELECT json_build_object('state', CASE WHEN bool_and(r.state = 'succeeded') THEN 'refunded' ELSE 'refunding' END, 'amount', sum(r.amount))
     FROM payment_refund r WHERE r.order_id = o.id HAVING count(*) > 0) AS refund`

/** What order lists show. Amounts are presented in major units, as the legacy clients display them. */
export function presentOrder(order: OrderRow) {
  return {
    id: order.id,
    orderNo: order.orderNo,
    kind: order.kind,
    title: order.title,
    productId: order.productId,
    createDate: order.createdAt.toISOString(),
    payMethod: order.payMethod,
    status: order.status,
    payPrice: order.amount / 100,
    currency: order.currency,
    edition: order.edition,
    licence: order.licence,
    email: order.email,
    expireDate: order.expiresAt.toISOString(),
    paidDate: order.paidAt ? order.paidAt.toISOString() : null,
    hasFile: order.attachmentKey !== null,
    refund: order.refund ? { state: order.refund.state, amount: Number(order.refund.amount) / 100 } : null,
  }
}
