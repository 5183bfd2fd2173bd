import type { CallAddress } from '../call-address.ts'

export const dictCalls = {
  listData: { method: 'POST', path: '/basedata/dict/listData', safety: 'read' },
} as const satisfies Record<string, CallAddress>
