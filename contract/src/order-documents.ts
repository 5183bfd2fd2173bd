import { Type, type Static } from 'typebox'
import { LangField } from './fields.ts'
import { PaperCopyShipment } from './addresses.ts'
import { TransferDetails } from './bank-transfer.ts'
import { OrderInvoice } from './invoicing.ts'

// The documents of one of the buyer's orders, on its order page: the invoice,
// the proforma of a bank transfer and the paper copy's shipment, each in the
// shape its own module answers elsewhere; null while the order has none.

export const OrderDocumentsBody = Type.Object(
  { lang: LangField, orderNo: Type.String({ pattern: '^[A-Z0-9]{6,32}$', description: 'The order number' }) },
  { additionalProperties: false },
)
export type OrderDocumentsBody = Static<typeof OrderDocumentsBody>

export const OrderDocuments = Type.Object({
  orderNo: Type.String(),
  invoice: Type.Union([OrderInvoice, Type.Null()]),
  proforma: Type.Union([TransferDetails, Type.Null()]),
  shipment: Type.Union([PaperCopyShipment, Type.Null()]),
})
export type OrderDocuments = Static<typeof OrderDocuments>
