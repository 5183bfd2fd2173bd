import type { CallAddress } from '../call-address.ts'

export const customerInfoCalls = {
  save: { method: 'POST', path: '/basedata/customerInfo/save', safety: 'write' },
} as const satisfies Record<string, CallAddress>
