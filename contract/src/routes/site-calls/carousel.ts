import type { CallAddress } from '../call-address.ts'

export const carouselCalls = {
  listData: { method: 'GET', path: '/basedata/carousel/listData', safety: 'read' },
} as const satisfies Record<string, CallAddress>
