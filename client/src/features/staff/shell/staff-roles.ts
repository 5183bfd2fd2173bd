import type { Staff } from '@rpt/contract'

// Which roles the server allows each action of the desk
// (core-api/src/modules/staff/permissions.ts): the console shows a section, a
// link or a button only to them, as a convenience; the server checks again.

type Role = Staff['role']

export const ALLOWED = {
  'requests.read': ['sales', 'admin'],
  'orders.read': ['sales', 'finance', 'admin'],
  'orders.act': ['finance', 'admin'],
  'orders.export': ['finance', 'admin'],
  'customers.read': ['sales', 'admin'],
  'audit.read': ['admin'],
} as const satisfies Record<string, readonly Role[]>

export type DeskAction = keyof typeof ALLOWED

export const may = (role: Role, action: DeskAction): boolean => (ALLOWED[action] as readonly Role[]).includes(role)
