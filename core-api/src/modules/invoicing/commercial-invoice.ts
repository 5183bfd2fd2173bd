import { drawFields, drawNote, drawTable, drawTitle, renderPdf } from '@rpt/server-kit/pdf'

// The English edition's commercial invoice, rendered here (no provider): its
// sequential number, the seller, the buyer's title, the line bought, the
// amount and currency, and the day it was paid; and the credit note that
// reverses it on a refund. Same input, same bytes.

export interface CommercialInvoice {
  /** INV-2026-000001, or CN-… for a credit note */
  number: string
  /** The invoice a credit note reverses */
  reverses?: { number: string; reason: string }
  issuedAt: Date
  seller: { name: string; address: string; taxNo: string }
  buyer: { name: string; address: string | null; taxNo: string | null }
  orderNo: string
  line: string
  /** Minor units; the amount paid */
  amount: number
  currency: string
  paidAt: Date
}

const money = (minor: number, currency: string) =>
  `${currency} ${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
const day = (date: Date) => date.toISOString().slice(0, 10)

export function renderCommercialInvoice(invoice: CommercialInvoice): Promise<Buffer> {
  const credit = Boolean(invoice.reverses)
  const title = credit ? 'Credit note' : 'Commercial invoice'
  return renderPdf(
    { title: `${title} ${invoice.number}`, author: invoice.seller.name, date: invoice.issuedAt, language: 'en-US' },
    (doc) => {
      drawTitle(doc, title, `No. ${invoice.number}    Date ${day(invoice.issuedAt)}    Order ${invoice.orderNo}`)
      if (invoice.reverses)
        drawFields(doc, 'Reverses', [
          ['Invoice', invoice.reverses.number],
          ['Reason', invoice.reverses.reason],
        ])
      drawFields(doc, 'Seller', [
        ['Name', invoice.seller.name],
        ['Address', invoice.seller.address],
        ['Tax no.', invoice.seller.taxNo],
      ])
      drawFields(doc, 'Bill to', [
        ['Name', invoice.buyer.name],
        ['Address', invoice.buyer.address],
        ['Tax / VAT no.', invoice.buyer.taxNo],
      ])
      const sign = credit ? -1 : 1
      drawTable(
        doc,
        [
          { label: 'Description', share: 0.6 },
          { label: 'Qty', share: 0.1, align: 'right' },
          { label: 'Amount', share: 0.3, align: 'right' },
        ],
        [[invoice.line, '1', money(sign * invoice.amount, invoice.currency)]],
      )
      drawFields(doc, 'Total', [
        ['Total', money(sign * invoice.amount, invoice.currency)],
        ['Paid on', day(invoice.paidAt)],
      ])
      drawNote(
        doc,
        credit
          ? 'This credit note cancels the invoice above in full; the payment is refunded.'
          : 'Paid in full. Thank you for your purchase.',
      )
    },
  )
}
