import { Type, type TObject, type TSchema } from 'typebox'
import { ROUTE_LIST } from '@rpt/contract'

// The inputs the BFF validates are the contract's (@rpt/contract), never
// re-declared here, so a field is bounded the same at both tiers.

/**
 * A copy of a contract input without its defaults: the BFF takes what the
 * browser sent and leaves the defaults to the core API, so a call that names
 * the default and one that leaves it out stay distinct only if the browser
 * made them so (cache keys are built from the fields received).
 */
export function asReceived<T extends TSchema>(schema: T): T {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip)
    if (!value || typeof value !== 'object') return value
    const copy: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) if (key !== 'default') copy[key] = strip(inner)
    return copy
  }
  return strip(schema) as T
}

/** The input of a contract call as the BFF validates it: its query (GET) or body (POST), defaults left out. */
export function inputOf(method: string, path: string): TObject {
  const route = ROUTE_LIST.find((entry) => entry.method === method && entry.path === path)
  const input = route?.querystring ?? route?.body
  if (!input) throw new Error(`${method} ${path}: the contract declares no input`)
  return asReceived(input)
}

/** The core API's answers pass through as they are; their data is its contract, not ours. */
export const AnyData = Type.Unknown()
