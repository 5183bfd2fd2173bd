import type { CallAddress } from '../call-address.ts'

// The signed link of a sample mail: the requester's stamped sample, each download recorded on the request.
export const sampleCalls = {
  file: { method: 'GET', path: '/sample/:token', safety: 'write' },
} as const satisfies Record<string, CallAddress>
