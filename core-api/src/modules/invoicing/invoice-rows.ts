import type { OrderInvoice, StaffInvoice } from '@rpt/contract'
import type { Sequelize, Transaction } from 'sequelize'
import { selectRows } from '../../platform/lib/sql.ts'
import type { TitleValues } from './title-rules.ts'

// An order's invoice as the desk and the buyer read it: the order_invoice row
// with its order and buyer, and how each side sees it.

export type InvoiceStatusValue = 'requested' | 'issued' | 'reversing' | 'reversed' | 'cancelled'

export interface InvoiceRow {
  id: string
  orderId: string
  orderNo: string
  orderTitle: string
  orderStatus: string
  closedReason: string | null
  edition: string | null
  licence: string | null
  lang: 'zh-CN' | 'en-US'
  userId: string
  buyer: string
  buyerEmail: string
  /** The order's address, else the account's */
  recipient: string
  paidAt: Date | null
  type: '81' | '82' | 'commercial'
  title: TitleValues
  amount: number
  currency: 'CNY' | 'USD'
  status: InvoiceStatusValue
  provider: string
  requestNo: string
  number: string | null
  fileKey: string | null
  fileName: string | null
  fileFormat: string | null
  redNumber: string | null
  redFileKey: string | null
  redFileName: string | null
  redFileFormat: string | null
  issuedAt: Date | null
  reversedAt: Date | null
  createdAt: Date
}

export const INVOICE_SELECT = `SELECT i.id::text AS id, o.id::text AS "orderId", o.order_no AS "orderNo", o.title AS "orderTitle", o.status AS "orderStatus",
  o.closed_reason AS "closedReason", o.edition, o.licence, o.lang, o.user_id::text AS "userId", u.login_code AS buyer, u.email AS "buyerEmail",
  COALESCE(NULLIF(o.email, ''), u.email) AS recipient, o.paid_at AS "paidAt",
  i.type, i.title, i.amount, i.currency, i.status, i.provider, i.request_no AS "requestNo", i.number, i.file_key AS "fileKey",
  i.file_name AS "fileName", i.file_format AS "fileFormat", i.red_number AS "redNumber", i.red_file_key AS "redFileKey",
  i.red_file_name AS "redFileName", i.red_file_format AS "redFileFormat", i.issued_at AS "issuedAt", i.reversed_at AS "reversedAt",
  i.created_at AS "createdAt"
  FROM order_invoice i JOIN website_order o ON o.id = i.order_id JOIN website_user u ON u.id = o.user_id`

/** The invoice of an order by its number, locked with its order when a transaction is given (the order first, as the refund locks it). */
export async function invoiceOfOrder(sequelize: Sequelize, orderNo: string, transaction?: Transaction): Promise<InvoiceRow | undefined> {
  if (transaction) {
    await selectRows(sequelize, `SELECT id FROM website_order WHERE order_no = $1 FOR UPDATE`, [orderNo], transaction)
  }
  const [row] = await selectRows<InvoiceRow>(
    sequelize,
    `${INVOICE_SELECT} WHERE o.order_no = $1${transaction ? ' FOR UPDATE OF i' : ''}`,
    [orderNo],
    transaction,
  )
  return row
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null)

/** Where the signed-in buyer downloads the file, through the site (the BFF's /api, with the session cookie). */
export const invoiceDownloadPath = (orderNo: string, which: 'invoice' | 'red' = 'invoice') =>
  `/api/report/invoice/file?orderNo=${encodeURIComponent(orderNo)}${which === 'red' ? '&which=red' : ''}`

/** The buyer's view (getOrderDocuments' invoice); a request withdrawn by a refund shows as none. */
export function buyerInvoice(row: InvoiceRow): OrderInvoice | null {
  if (row.status === 'cancelled') return null
  return {
    status: row.status,
    type: row.type,
    title: row.title.name,
    number: row.number,
    amount: row.amount / 100,
    currency: row.currency,
    issuedAt: iso(row.issuedAt),
    downloadUrl: row.fileKey ? invoiceDownloadPath(row.orderNo) : null,
  }
}

export function staffInvoice(row: InvoiceRow): StaffInvoice {
  const files = [
    ...(row.fileName ? [{ which: 'invoice', name: row.fileName, format: row.fileFormat ?? 'pdf' }] : []),
    ...(row.redFileName ? [{ which: 'red', name: row.redFileName, format: row.redFileFormat ?? 'pdf' }] : []),
  ]
  const { kind, name, taxNo, address, phone, bank, account } = row.title
  const title = Object.fromEntries(
    Object.entries({ kind, name, taxNo, address, phone, bank, account }).filter(([, value]) => value !== null && value !== undefined),
  ) as StaffInvoice['title']
  return {
    orderNo: row.orderNo,
    orderTitle: row.orderTitle,
    orderState: row.closedReason === 'refunded' ? 'refunded' : row.orderStatus === '1' ? 'paid' : 'closed',
    buyer: row.buyer,
    buyerEmail: row.buyerEmail,
    lang: row.lang,
    type: row.type,
    status: row.status,
    provider: row.provider,
    title,
    amount: row.amount / 100,
    currency: row.currency,
    number: row.number,
    redNumber: row.redNumber,
    files,
    requestedAt: new Date(row.createdAt).toISOString(),
    issuedAt: iso(row.issuedAt),
    reversedAt: iso(row.reversedAt),
  }
}
