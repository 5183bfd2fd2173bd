// Every call of the core API by its address: method, path, and whether it
// only reads. No schemas here, so the client can import it (its bundler
// reads @rpt/contract/calls, site-calls and staff-calls from source, built or
// not) without bundling TypeBox. A public page imports only the site's half
// (site-calls.ts), the staff console the rest (staff-calls.ts). The schemas
// and documentation of each call are in the resource's file next to this one
// (./research-report.ts…), which spreads these addresses.
//
// Most of the legacy contract's calls are POSTs (lists and searches
// included), so neither a balancer nor a proxy can tell a read from a write
// by its method: safety does. A read may be sent again when the core API's
// side failed before answering (refused, reset, the internal balancer's
// 502/503); a write never is, since the first attempt may have acted.

import type { CallAddress, CallSafety } from './call-address.ts'
import { SITE_CALLS } from './site-calls.ts'
import { STAFF_CALLS } from './staff-calls.ts'

export type { CallAddress, CallAudience, CallMethod, CallSafety } from './call-address.ts'
export { SITE_CALLS } from './site-calls.ts'
export { STAFF_CALLS } from './staff-calls.ts'

/** The whole table: the public site's calls and the staff API's, kept in two files so that a public page loads only its half. */
export const CALLS = { ...SITE_CALLS, ...STAFF_CALLS } as const satisfies Record<string, Record<string, CallAddress>>

type Resources = typeof CALLS

/** Every call's address, as one union. */
export type AnyCall = { [R in keyof Resources]: Resources[R][keyof Resources[R]] }[keyof Resources] & CallAddress

/** Every core API path (no /api prefix). */
export type CorePath = AnyCall['path']

/** Every call's address in one list, in the table's order. */
export const CALL_LIST: readonly AnyCall[] = Object.values(CALLS).flatMap((resource) => Object.values(resource) as AnyCall[])

/** What calling each core API path does, keyed by path. */
export const CALL_SAFETY: Readonly<Record<CorePath, CallSafety>> = Object.fromEntries(
  CALL_LIST.map((call) => [call.path, call.safety]),
) as Record<CorePath, CallSafety>

/** Whether a core API call (its path, without query string) only reads; unknown paths are writes. */
export function isReadOnlyCall(path: string): boolean {
  return (CALL_SAFETY as Record<string, CallSafety | undefined>)[path] === 'read'
}
