// Invoices: the buyers' invoice titles and requests, the providers
// that issue 数电票 (manual, the sandbox's HTTP API; a real one beside them),
// the English edition's commercial invoice, and the finance desk's queue.
// It builds on orders (a refund reverses the invoice first) and never the
// other way round. Other modules import this file only.

export { renderCommercialInvoice, type CommercialInvoice } from './commercial-invoice.ts'
export { default as invoiceDesk } from './invoice-desk-plugin.ts'
export { default as invoiceTitles } from './invoice-titles.ts'
export { default as invoicingRoutes } from './routes/buyer.ts'
export { default as staffInvoiceRoutes } from './routes/staff.ts'
