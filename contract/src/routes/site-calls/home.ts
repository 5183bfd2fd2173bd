import type { CallAddress } from '../call-address.ts'

export const homeCalls = {
  mapData: { method: 'GET', path: '/basedata/home/mapData', safety: 'read' },
} as const satisfies Record<string, CallAddress>
