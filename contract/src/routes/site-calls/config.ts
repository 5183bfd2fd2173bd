import type { CallAddress } from '../call-address.ts'

export const configCalls = {
  findListByKeys: { method: 'GET', path: '/basedata/config/findListByKeys', safety: 'read' },
  form: { method: 'GET', path: '/basedata/config/form', safety: 'read' },
} as const satisfies Record<string, CallAddress>
