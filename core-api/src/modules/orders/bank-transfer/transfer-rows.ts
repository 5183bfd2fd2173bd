import type { BankAccount, TransferDetails } from '@rpt/contract'
import type { Sequelize, Transaction } from 'sequelize'
import { selectRows } from '../../../platform/lib/sql.ts'

// The bank_transfer row as the services read it, and the buyer's view of it
// (payOrder's data.transfer, getOrderDocuments' proforma).

export interface TransferRow {
  orderId: string
  orderNo: string
  reference: string
  amount: number
  currency: string
  account: BankAccount
  deadline: Date
  createdAt: Date
  receivedAmount: number | null
  receivedOn: string | null
  bankSerial: string | null
  receivedBy: string | null
  receivedAt: Date | null
}

export const TRANSFER_COLUMNS = `t.order_id::text AS "orderId", o.order_no AS "orderNo", t.reference, t.amount, t.currency, t.account, t.deadline,
  t.created_at AS "createdAt", t.received_amount AS "receivedAmount", to_char(t.received_on, 'YYYY-MM-DD') AS "receivedOn",
  t.bank_serial AS "bankSerial", t.received_by AS "receivedBy", t.received_at AS "receivedAt"`

export async function transferOf(sequelize: Sequelize, orderNo: string, transaction?: Transaction): Promise<TransferRow | undefined> {
  const [row] = await selectRows<TransferRow>(
    sequelize,
    `SELECT ${TRANSFER_COLUMNS} FROM bank_transfer t JOIN website_order o ON o.id = t.order_id WHERE o.order_no = $1`,
    [orderNo],
    transaction,
  )
  return row
}

/**
 * Where the signed-in buyer downloads the proforma: through the site's BFF,
 * which adds the session's token. Relative, so the page's own origin (either
 * edition, any instance) serves it.
 */
export function proformaUrl(orderNo: string): string {
  return `/api/orders/proforma?orderNo=${encodeURIComponent(orderNo)}`
}

export function presentTransfer(row: TransferRow): TransferDetails {
  return {
    reference: row.reference,
    amount: row.amount / 100,
    currency: row.currency === 'USD' ? 'USD' : 'CNY',
    deadline: new Date(row.deadline).toISOString(),
    account: row.account,
    downloadUrl: proformaUrl(row.orderNo),
    received: row.receivedAt !== null,
  }
}

/**
 * The `proforma` field of getOrderDocuments: the order's bank transfer as the
 * buyer sees it, or null when the order was never to be paid by transfer.
 * The caller has checked that the order is the buyer's.
 */
export async function proformaOfOrder(sequelize: Sequelize, orderNo: string): Promise<TransferDetails | null> {
  const row = await transferOf(sequelize, orderNo)
  return row ? presentTransfer(row) : null
}
