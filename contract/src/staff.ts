import { Type, type Static } from 'typebox'
import { LangField } from './fields.ts'

// The staff API: staff accounts are apart from website users and
// sign in with a name, a password and a TOTP code. Calls after sign-in carry
// the token as Authorization: Bearer <token>.

export const StaffRoleField = Type.Union([Type.Literal('editor'), Type.Literal('sales'), Type.Literal('finance'), Type.Literal('admin')])

export const StaffLoginBody = Type.Object(
  {
    lang: LangField,
    name: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
    totp: Type.String({ pattern: '^[0-9]{6}$', description: 'The current 6-digit code of the account’s authenticator (RFC 6238, 30 s)' }),
  },
  { additionalProperties: false },
)
export type StaffLoginBody = Static<typeof StaffLoginBody>

export const StaffAuthHeader = Type.Object({ authorization: Type.Optional(Type.String({ description: 'Bearer <token> of staffLogin' })) })

export const Staff = Type.Object({ name: Type.String(), role: StaffRoleField })
export type Staff = Static<typeof Staff>

export const StaffSessionData = Type.Object({
  token: Type.String({
    description:
      'Send as Authorization: Bearer <token>; ends after 30 idle minutes, STAFF_SESSION_MAX_AGE_S after sign-in however active (12 hours by default), or on staffLogout',
  }),
  staff: Staff,
})
export type StaffSessionData = Static<typeof StaffSessionData>
