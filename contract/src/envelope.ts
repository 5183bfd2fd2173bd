import { Type, type Static, type TSchema } from 'typebox'

// The {code, msg, data} envelope every answer of the contract comes in, and
// the codes a client acts on (product spec section 8). The core API answers
// with it, the BFF passes it through and answers its own failures in it, the
// client unwraps it.

export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Integer(), msg: Type.String(), data })
}

/** An answer of the contract: `Static` of `Envelope(schema)` for data of type T. */
export type Envelope<T> = { code: number; msg: string; data: T }

export const ErrorEnvelope = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  data: Type.Null(),
})

export type ErrorEnvelope = Static<typeof ErrorEnvelope>

/** A page of a paged list: pageNo from 1, pageSize 1-100, count of the whole list. */
export function Page<T extends TSchema>(item: T) {
  return Type.Object({
    list: Type.Array(item),
    count: Type.Integer(),
    pageNo: Type.Integer(),
    pageSize: Type.Integer(),
  })
}

/** `Static` of `Page(schema)` for items of type T. */
export type Page<T> = { list: T[]; count: number; pageNo: number; pageSize: number }

/** The one code of success; any other code comes with data null. */
export const SUCCESS_CODE = 200

/** Login expired: the legacy clients reset the session and go home. */
export const LOGIN_EXPIRED_CODES = [5001, -400] as const
export type LoginExpiredCode = (typeof LOGIN_EXPIRED_CODES)[number]

/** Server errors: the request was fine, the server failed it (a cache may serve its stale copy over them). */
export const SERVER_ERROR_CODES = [500, 5002, 900001] as const
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number]

export function isLoginExpired(code: number): code is LoginExpiredCode {
  return (LOGIN_EXPIRED_CODES as readonly number[]).includes(code)
}

export function isServerError(code: number): code is ServerErrorCode {
  return (SERVER_ERROR_CODES as readonly number[]).includes(code)
}
