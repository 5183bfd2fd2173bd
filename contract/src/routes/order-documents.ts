import { OrderDocuments, OrderDocumentsBody } from '../order-documents.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

// The documents of one of the buyer's orders, each document
// null while the order has none.
export const orderDocumentsRoutes = defineRoutes(CALLS.orderDocuments, ['Orders'], {
  get: {
    operationId: 'getOrderDocuments',
    summary: "One of the buyer's orders' documents: its invoice, bank-transfer proforma and paper copy's shipment, with download links",
    description: 'Each is null while the order has none. 100004 when the buyer has no such order.',
    body: OrderDocumentsBody,
    auth: 'session',
    data: OrderDocuments,
  },
})
