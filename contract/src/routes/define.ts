import type { Static, TObject, TSchema } from 'typebox'
import type { StaffAction } from '../staff-permissions.ts'
import { StaffAuthHeader } from '../staff.ts'
import type { CallAddress } from './calls.ts'

// What a call takes and answers, next to its address: the core API registers
// its routes (and so validates and documents) from these, the BFF takes the
// inputs it validates from them, and the client the types it sends and reads.

/** Who may make a call: anyone, a logged-in user (the website-token of a live session), or anyone, reading the token when there is one. */
export type CallAuth = 'public' | 'session' | 'token'

export interface RouteDoc {
  /** OpenAPI tags; given once per resource */
  readonly tags: readonly string[]
  readonly summary: string
  readonly description?: string
  /** The input of a GET */
  readonly querystring?: TObject
  /** The input of a POST (JSON, or a form for the legacy clients) */
  readonly body?: TObject
  readonly params?: TObject
  readonly headers?: TObject
  /** The data of the {code, msg, data} envelope of a success; every failure is the error envelope (HTTP 200, 4xx or 5xx) */
  readonly data?: TSchema
  /** The answers per HTTP status of a call that does not answer the envelope (a file, an image, a payment provider's acknowledgement) */
  readonly response?: Readonly<Record<number | string, unknown>>
  readonly auth?: CallAuth
  /**
   * The action of the staff permission table (STAFF_PERMISSIONS) the call needs: a route with a permission
   * is a staff call, so the core API requires the staff token (Authorization: Bearer) and checks the
   * token's role against the table before the handler runs, and answers its failures with their HTTP status.
   */
  readonly permission?: StaffAction
  /** The OpenAPI operationId (the staff API names its calls) */
  readonly operationId?: string
}

export type RouteSpec = CallAddress & RouteDoc

/** The documentation of a call of a resource, whose tags are the resource's unless it names its own. */
type Doc = Omit<RouteDoc, 'tags'> & { readonly tags?: readonly string[] }
type Docs<A> = { readonly [K in keyof A]: Doc }

/** The calls of a resource: each address of `addresses` with its documentation and the resource's tags. */
export function defineRoutes<A extends Record<string, CallAddress>, D extends Docs<A>>(
  addresses: A,
  tags: readonly string[],
  docs: D,
): { readonly [K in keyof A]: A[K] & D[K] & { readonly tags: readonly string[] } } {
  const table: Record<string, RouteSpec> = {}
  const docsByName: Record<string, Doc> = docs
  for (const [name, address] of Object.entries(addresses)) {
    const doc = docsByName[name]!
    // A staff call reads its bearer token from the Authorization header (documented once, here).
    table[name] = { ...address, tags, ...(doc.permission && !doc.headers ? { headers: StaffAuthHeader } : {}), ...doc }
  }
  return table as { readonly [K in keyof A]: A[K] & D[K] & { readonly tags: readonly string[] } }
}

/** What a call takes: its body (POST) or query (GET) without lang, which the client adds to every call. */
export type CallInput<R> = R extends { readonly body: infer B extends TSchema }
  ? Omit<Static<B>, 'lang'>
  : R extends { readonly querystring: infer Q extends TSchema }
    ? Omit<Static<Q>, 'lang'>
    : Record<string, never>

/** The data a call answers with on success. */
export type CallData<R> = R extends { readonly data: infer D extends TSchema } ? Static<D> : unknown
