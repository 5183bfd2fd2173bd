import type { CallAddress } from '../call-address.ts'

// Bank transfers (bank-transfer.ts): the buyer's proforma, and finance's desk.
export const bankTransferCalls = {
  proforma: { method: 'GET', path: '/orders/proforma', safety: 'read' },
} as const satisfies Record<string, CallAddress>
