import type { ListOrdersQuery, ListPaymentCasesQuery, OrderActionResult, PaymentCase, StaffOrder, StaffOrderPage } from '@rpt/contract'
import type { Sequelize, Transaction } from 'sequelize'
import { AppError } from '../../../platform/errors.ts'
import { ORDER_COLUMNS, type OrderRow } from '../order-rows.ts'
import { selectRows } from '../../../platform/lib/sql.ts'
import { writeAudit, auditExport, type StaffActor } from '../../staff/index.ts'
import { commonDeps, servicePlugin } from '../../../platform/lib/service-plugin.ts'
import type { OrderDelivery } from '../order-delivery.ts'
import type { OrderService } from '../order-service.ts'
import { listCases } from '../payments/payment-case-list.ts'
import type { PaymentCases } from '../payments/payment-cases.ts'
import { findOrder, getOrder, listOrders, orderConditions, type OrderFilters } from './order-reads.ts'
import { exportBatches, exportFileName } from './orders-export.ts'

// The staff desk's order actions. Each is the job the CLI runs
// (npm run payments, npm run deliver) or the buyer's own (cancel), called
// with the staff member as the actor (staff:<name>), so the payment trail
// (payment_audit) names who did it; each is also written to the staff audit.

/** The actor of the payment trail, as npm run payments writes it. */
const paymentActor = (staff: StaffActor) => `staff:${staff.name}`

/** A step a staff refund takes before the money goes back (the invoice's reversal, registered by invoicing); it may refuse. */
export type RefundStep = (orderNo: string, reason: string, staff: StaffActor) => Promise<void>

export class StaffOrders {
  private readonly refundSteps: RefundStep[] = []

  constructor(
    private readonly deps: {
      sequelize: Sequelize
      cases: PaymentCases
      orders: OrderService
      delivery: OrderDelivery
    },
  ) {}

  list(query: ListOrdersQuery): Promise<StaffOrderPage> {
    return listOrders(this.deps.sequelize, query)
  }

  /**
   * The export for accounting: the filters checked (a refusal answers before
   * the file starts), the audit row written, then the rows, read as the file
   * is written.
   */
  async exportList(filters: OrderFilters & { format: string }, staff: StaffActor) {
    orderConditions(filters)
    await auditExport(this.deps.sequelize, 'order.export', filters, staff)
    return { fileName: exportFileName(filters), rows: exportBatches(this.deps.sequelize, filters) }
  }

  get(orderNo: string): Promise<StaffOrder> {
    return getOrder(this.deps.sequelize, orderNo)
  }

  async cases(query: ListPaymentCasesQuery): Promise<PaymentCase[]> {
    const rows = await listCases(this.deps.sequelize, query.state ?? 'refund-required')
    return rows.map((row) => ({
      ...row,
      amount: row.amount === null ? null : row.amount / 100,
      createdAt: new Date(row.createdAt).toISOString(),
      updatedAt: new Date(row.updatedAt).toISOString(),
    }))
  }

  private audit(staff: StaffActor, action: string, orderNo: string, after: Record<string, unknown>, transaction?: Transaction) {
    const entry = { actor: staff.name, action: `order.${action}`, target: orderNo, ip: staff.ip ?? undefined, after }
    return writeAudit(this.deps.sequelize, entry, transaction)
  }

  /** Registers a step every staff refund takes first, in order of registration. */
  addRefundStep(step: RefundStep): void {
    this.refundSteps.push(step)
  }

  /** npm run payments -- refund: the same call, with the staff audit on its transaction; the registered steps first. */
  async refund(orderNo: string, reason: string, staff: StaffActor): Promise<OrderActionResult> {
    const order = await findOrder(this.deps.sequelize, orderNo)
    if (order.state === 'refunded') throw new AppError('STAFF_ORDER_ALREADY_REFUNDED')
    if (order.state === 'paid') for (const step of this.refundSteps) await step(order.orderNo, reason, staff)
    try {
      const { refundNo } = await this.deps.cases.staffRefund(order.orderNo, reason, paymentActor(staff), (queued, transaction) =>
        this.audit(staff, 'refund', order.orderNo, { refundNo: queued, reason: reason.trim() }, transaction),
      )
      return { orderNo: order.orderNo, state: 'refunded', refundNo }
    } catch (error) {
      // The order changed meanwhile (the check above ran without its lock).
      if (error instanceof AppError && error.key === 'ORDER_NOT_PAID') throw new AppError('STAFF_ORDER_NOT_PAID')
      throw error
    }
  }

  /** As the buyer's cancel (order-service.ts): the order is cancelled and its trades closed at the gateways by the close job. */
  async close(orderNo: string, staff: StaffActor): Promise<OrderActionResult> {
    const order = await findOrder(this.deps.sequelize, orderNo)
    const closes = await this.deps.sequelize.transaction(async (transaction) => {
      const [row] = await selectRows<{ id: string }>(
        this.deps.sequelize,
        `UPDATE website_order SET status = '2', closed_reason = 'cancelled', closed_at = now(), updated_at = now()
          WHERE id = $1 AND status = '0' RETURNING id::text AS id`,
        [order.id],
        transaction,
      )
      if (!row) throw new AppError('STAFF_ORDER_NOT_UNPAID')
      const queued = await this.deps.cases.closes.queueCloses(row.id, transaction, paymentActor(staff))
      await this.audit(staff, 'close', order.orderNo, { state: 'cancelled', closes: queued }, transaction)
      return queued
    })
    return { orderNo: order.orderNo, state: 'cancelled', closes }
  }

  /** The buyer's paid mail again: the receipt, with a new download link when a research order's file is there. */
  async resend(orderNo: string, staff: StaffActor): Promise<OrderActionResult> {
    const found = await findOrder(this.deps.sequelize, orderNo)
    const siteNames = await this.deps.delivery.siteNames()
    const mailId = await this.deps.sequelize.transaction(async (transaction) => {
      const [order] = await selectRows<OrderRow>(
        this.deps.sequelize,
        `SELECT ${ORDER_COLUMNS} FROM website_order o WHERE o.id = $1 AND o.status = '1' FOR UPDATE`,
        [found.id],
        transaction,
      )
      if (!order) throw new AppError('STAFF_ORDER_NOT_PAID')
      // As deliverPaid: a bulletin is downloaded from the site, a research report by its mailed link.
      const link =
        order.kind === 'research' && order.attachmentKey ? await this.deps.delivery.createDownloadLink(order.id, transaction) : undefined
      const kind = link ? 'order-delivered' : 'order-paid'
      const queued = await this.deps.delivery.queuePaidMail(kind, order, link, siteNames[order.lang], transaction)
      await this.audit(staff, 'resend', order.orderNo, { mail: kind, queued: queued !== undefined }, transaction)
      return queued
    })
    return { orderNo: found.orderNo, state: found.state, mailQueued: mailId !== undefined }
  }

  /** Refuses, before any byte is stored, what npm run deliver would refuse. */
  async assertDeliverable(orderNo: string): Promise<string> {
    const order = await findOrder(this.deps.sequelize, orderNo)
    if (order.kind !== 'research' || order.state !== 'paid') throw new AppError('STAFF_ORDER_NOT_DELIVERABLE')
    return order.orderNo
  }

  /** npm run deliver, once the file is stored: attach it to the order and mail the buyer its link. */
  async deliver(orderNo: string, file: { key: string; name: string }, staff: StaffActor): Promise<OrderActionResult> {
    let mailId: string | undefined
    try {
      ;({ mailId } = await this.deps.orders.deliver(orderNo, file))
    } catch (error) {
      if (error instanceof AppError && error.key === 'ORDER_NOT_PAID') throw new AppError('STAFF_ORDER_NOT_DELIVERABLE')
      throw error
    }
    await this.audit(staff, 'deliver', orderNo, { file: file.name, mailQueued: mailId !== undefined })
    return { orderNo, state: 'paid', mailQueued: mailId !== undefined }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    staffOrders: StaffOrders
  }
}

export default servicePlugin(
  {
    name: 'staff-orders',
    decorates: 'staffOrders',
    dependencies: ['db', 'payment-cases', 'order-service', 'order-delivery'],
  },
  (app) =>
    new StaffOrders({ sequelize: commonDeps(app).sequelize, cases: app.paymentCases, orders: app.orders, delivery: app.orderDelivery }),
)
