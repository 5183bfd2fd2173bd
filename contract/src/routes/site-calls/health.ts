import type { CallAddress } from '../call-address.ts'

export const healthCalls = {
  status: { method: 'GET', path: '/health', safety: 'read', audience: 'platform' },
  live: { method: 'GET', path: '/health/live', safety: 'read', audience: 'platform' },
  ready: { method: 'GET', path: '/health/ready', safety: 'read', audience: 'platform' },
} as const satisfies Record<string, CallAddress>
