import type { CallAddress } from '../call-address.ts'

// The signed link of a delivery mail: each fresh download counts against its limit.
export const downloadCalls = {
  file: { method: 'GET', path: '/download/:token', safety: 'write' },
} as const satisfies Record<string, CallAddress>
