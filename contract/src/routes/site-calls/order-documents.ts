import type { CallAddress } from '../call-address.ts'

// The documents of a buyer's order (invoice, proforma, shipment) on its order page.
export const orderDocumentsCalls = {
  get: { method: 'POST', path: '/report/orderDocuments/get', safety: 'read' },
} as const satisfies Record<string, CallAddress>
