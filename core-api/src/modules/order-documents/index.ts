// The documents of a buyer's order (getOrderDocuments): its invoice, its
// bank-transfer proforma and its paper copy's shipment, each read by the
// module that owns it. Other modules import this file only.

export { orderDocuments } from './order-documents.ts'
export { default as orderDocumentsRoutes } from './routes.ts'
