// What the table of calls says of each call (calls.ts): its method, path,
// safety and audience.

/** read: answers from what is stored and changes nothing a second call would notice. write: may change state (an account, an order, a session, a captcha, a download count). */
export type CallSafety = 'read' | 'write'

/** The legacy contract uses GET and POST only; the staff API also PUT (replace, upload) and DELETE. */
export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Who calls it: the browser (through the BFF's /api, the default), a payment provider (signed notifications), only the platform (health checks), or staff (the staff API, which the BFF serves under /staff-api with the staff cookie's token). */
export type CallAudience = 'browser' | 'provider' | 'platform' | 'staff'

export interface CallAddress {
  readonly method: CallMethod
  /** The path on the core API (the BFF serves it under /api) */
  readonly path: string
  readonly safety: CallSafety
  readonly audience?: CallAudience
}
