import { Type, type Static } from 'typebox'
import { LangField } from './fields.ts'
import { OrderInvoice } from './invoicing.ts'

// The documents of one of the buyer's orders, on its order page: the invoice,
// the proforma of a bank transfer and the paper copy's shipment (issue 46).
// Each is null while the order has none.

export const OrderDocumentsBody = Type.Object(
  { lang: LangField, orderNo: Type.String({ pattern: '^[A-Z0-9]{6,32}$', description: 'The order number' }) },
  { additionalProperties: false },
)
export type OrderDocumentsBody = Static<typeof OrderDocumentsBody>

const Currency = Type.Union([Type.Literal('CNY'), Type.Literal('USD')])
const NullableString = Type.Union([Type.String(), Type.Null()])

export const OrderProforma = Type.Object({
  reference: Type.String({ description: 'What the payer writes in the transfer’s remark' }),
  amount: Type.Number(),
  currency: Currency,
  deadline: Type.String(),
  account: Type.Object({ name: Type.String(), bank: Type.String(), number: Type.String(), swift: Type.Optional(Type.String()) }),
  downloadUrl: Type.String(),
  received: Type.Boolean(),
})
export type OrderProforma = Static<typeof OrderProforma>

export const OrderShipment = Type.Object({
  status: Type.Union([Type.Literal('pending'), Type.Literal('shipped'), Type.Literal('delivered')]),
  recipient: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  carrier: NullableString,
  trackingNo: NullableString,
  shippedAt: NullableString,
  deliveredAt: NullableString,
})
export type OrderShipment = Static<typeof OrderShipment>

export const OrderDocuments = Type.Object({
  orderNo: Type.String(),
  invoice: Type.Union([OrderInvoice, Type.Null()]),
  proforma: Type.Union([OrderProforma, Type.Null()]),
  shipment: Type.Union([OrderShipment, Type.Null()]),
})
export type OrderDocuments = Static<typeof OrderDocuments>
