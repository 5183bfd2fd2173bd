import { Type, type Static } from 'typebox'
import { LangField } from './fields.ts'
import { StaffRoleField } from './staff.ts'

// Staff accounts in the console: admins list, add, disable, enable and reset
// accounts and change roles (as `npm run staff` does); every staff member
// changes their own password and second factor. A new password or TOTP
// secret is in the one answer that makes it, never again: the server keeps
// only the password's hash and the secret sealed.

/** As `npm run staff -- add` has always taken it; names are unique whatever their case. */
export const StaffNameField = Type.String({
  pattern: '^[A-Za-z0-9._-]{2,64}$',
  description: '2-64 letters, digits, dots, dashes or underscores',
})

/**
 * A password a staff member chooses: its length is the whole rule (no mix of
 * kinds asked), long enough for an account that publishes and refunds. The
 * one-time passwords the server makes are 24 characters.
 */
export const STAFF_PASSWORD_MIN = 12
export const STAFF_PASSWORD_MAX = 128
export const StaffPasswordField = Type.String({
  minLength: STAFF_PASSWORD_MIN,
  maxLength: STAFF_PASSWORD_MAX,
  description: `${STAFF_PASSWORD_MIN}-${STAFF_PASSWORD_MAX} characters, not the current password`,
})

const CurrentPasswordField = Type.String({ minLength: 1, maxLength: 200, description: 'The password the member signs in with now' })
const Instant = Type.String({ format: 'date-time' })

export const StaffNameParam = Type.Object({ name: StaffNameField }, { additionalProperties: false })
export type StaffNameParam = Static<typeof StaffNameParam>

export const StaffAccountStatus = Type.Union([Type.Literal('active'), Type.Literal('disabled')], { description: 'disabled: no sign-in' })
export type StaffAccountStatus = Static<typeof StaffAccountStatus>

export const StaffAccount = Type.Object({
  name: Type.String(),
  role: StaffRoleField,
  status: StaffAccountStatus,
  createdAt: Instant,
  lastSignInAt: Type.Union([Instant, Type.Null()], { description: 'The latest session started; null: never signed in' }),
  activeSessions: Type.Integer({ description: 'Sessions not ended (signed out, revoked or idle past 30 minutes)' }),
})
export type StaffAccount = Static<typeof StaffAccount>

/** Every account, by name: a publisher has a handful, so no pages. */
export const StaffAccountList = Type.Object({ list: Type.Array(StaffAccount) })
export type StaffAccountList = Static<typeof StaffAccountList>

/** What the new or reset member is handed once, in person: whichever of the two was made. */
export const StaffCredentials = Type.Object({
  password: Type.Optional(Type.String({ description: 'A one-time password: the member signs in with it, then changes it' })),
  otpauthUri: Type.Optional(
    Type.String({ description: 'otpauth://totp/…?secret=…: the new second factor, for an authenticator app (as a QR code)' }),
  ),
})
export type StaffCredentials = Static<typeof StaffCredentials>

export const AddStaffAccountBody = Type.Object(
  { lang: LangField, name: StaffNameField, role: StaffRoleField },
  { additionalProperties: false },
)
export type AddStaffAccountBody = Static<typeof AddStaffAccountBody>

/** What a reset replaces: the password, the second factor, or both (as `npm run staff -- reset`). */
export const StaffResetKind = Type.Union([Type.Literal('password'), Type.Literal('secondFactor'), Type.Literal('both')])
export type StaffResetKind = Static<typeof StaffResetKind>

export const ResetStaffAccountBody = Type.Object(
  { lang: LangField, replace: Type.Optional(StaffResetKind) },
  { additionalProperties: false },
)
export type ResetStaffAccountBody = Static<typeof ResetStaffAccountBody>

export const SetStaffRoleBody = Type.Object({ lang: LangField, role: StaffRoleField }, { additionalProperties: false })
export type SetStaffRoleBody = Static<typeof SetStaffRoleBody>

export const StaffAccountResult = Type.Object({
  account: StaffAccount,
  credentials: Type.Optional(StaffCredentials),
  sessionsEnded: Type.Optional(Type.Integer({ description: 'disable, reset: the sessions of the account it ended' })),
})
export type StaffAccountResult = Static<typeof StaffAccountResult>

// The member's own account.

export const ChangeOwnPasswordBody = Type.Object(
  { lang: LangField, currentPassword: CurrentPasswordField, newPassword: StaffPasswordField },
  { additionalProperties: false },
)
export type ChangeOwnPasswordBody = Static<typeof ChangeOwnPasswordBody>

export const SecondFactorEnrollment = Type.Object({
  enrollment: Type.String({ description: 'Sealed by the server: send it back to confirmSecondFactor, within expiresAt' }),
  otpauthUri: Type.String({ description: 'otpauth://totp/…?secret=…: the new second factor, shown once (as a QR code)' }),
  expiresAt: Instant,
})
export type SecondFactorEnrollment = Static<typeof SecondFactorEnrollment>

export const ConfirmSecondFactorBody = Type.Object(
  {
    lang: LangField,
    currentPassword: CurrentPasswordField,
    enrollment: Type.String({ minLength: 1, maxLength: 1000 }),
    totp: Type.String({ pattern: '^[0-9]{6}$', description: 'The 6-digit code the new authenticator shows now: proof it was set up' }),
  },
  { additionalProperties: false },
)
export type ConfirmSecondFactorBody = Static<typeof ConfirmSecondFactorBody>

export const OwnCredentialsChanged = Type.Object({
  sessionsEnded: Type.Integer({ description: "The member's other sessions it ended (this one stays)" }),
})
export type OwnCredentialsChanged = Static<typeof OwnCredentialsChanged>
