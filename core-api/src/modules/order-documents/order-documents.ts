import type { OrderDocuments } from '@rpt/contract'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../platform/errors.ts'
import { selectRows } from '../../platform/lib/sql.ts'

// What the buyer's order page shows beside the order: each pillar of issue 46
// answers its own part (invoicing's invoice; the bank transfer's proforma and
// the paper copy's shipment are wired in here as their modules add their
// readers), each null while the order has none.
export async function orderDocuments(app: FastifyInstance, userId: string, orderNo: string): Promise<OrderDocuments> {
  const [order] = await selectRows<{ orderNo: string }>(
    app.db.sequelize,
    `SELECT order_no AS "orderNo" FROM website_order WHERE order_no = $1 AND user_id = $2`,
    [orderNo, userId],
  )
  if (!order) throw new AppError('ORDER_EMPTY')
  return {
    orderNo: order.orderNo,
    invoice: await app.invoiceTitles.ofOrder(userId, order.orderNo),
    proforma: null,
    shipment: null,
  }
}
