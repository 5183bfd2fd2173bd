import type { OrderDocuments } from '@rpt/contract'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../platform/errors.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import { proformaOfOrder } from '../orders/index.ts'
import { shipmentOfOrder } from '../shipping/index.ts'

// What the buyer's order page shows beside the order: each module answers its
// own part (invoicing the invoice, orders the bank transfer's proforma,
// shipping the paper copy), each null while the order has none.
export async function orderDocuments(app: FastifyInstance, userId: string, orderNo: string): Promise<OrderDocuments> {
  const [order] = await selectRows<{ orderNo: string }>(
    app.db.sequelize,
    `SELECT order_no AS "orderNo" FROM website_order WHERE order_no = $1 AND user_id = $2`,
    [orderNo, userId],
  )
  if (!order) throw new AppError('ORDER_EMPTY')
  const [invoice, proforma, shipment] = await Promise.all([
    app.invoiceTitles.ofOrder(userId, order.orderNo),
    proformaOfOrder(app.db.sequelize, order.orderNo),
    shipmentOfOrder(app.db.sequelize, order.orderNo),
  ])
  return { orderNo: order.orderNo, invoice, proforma, shipment }
}
