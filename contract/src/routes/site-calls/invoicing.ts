import type { CallAddress } from '../call-address.ts'

// Invoices: the buyer's titles and requests, and the invoice file of their order.
export const invoicingCalls = {
  listTitles: { method: 'POST', path: '/report/invoiceTitle/list', safety: 'read' },
  saveTitle: { method: 'POST', path: '/report/invoiceTitle/save', safety: 'write' },
  deleteTitle: { method: 'POST', path: '/report/invoiceTitle/delete', safety: 'write' },
  request: { method: 'POST', path: '/report/invoice/request', safety: 'write' },
  file: { method: 'GET', path: '/report/invoice/file', safety: 'read' },
} as const satisfies Record<string, CallAddress>
