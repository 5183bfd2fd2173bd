import type { CallAddress } from '../call-address.ts'

// The buyer's address book, for paper copies (website token).
export const addressesCalls = {
  list: { method: 'POST', path: '/report/websiteUserAddress/list', safety: 'read' },
  save: { method: 'POST', path: '/report/websiteUserAddress/save', safety: 'write' },
  remove: { method: 'POST', path: '/report/websiteUserAddress/delete', safety: 'write' },
} as const satisfies Record<string, CallAddress>
