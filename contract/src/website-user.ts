import { Type, type Static } from 'typebox'
import { LangField } from './fields.ts'

// Accounts: captcha, register, login, profile, passwords.

// Form fields are optional bounded strings: a missing one is answered by the
// form's own rule and message (core-api/src/modules/accounts/account-rules.ts), in the request's
// language. Credentials arrive as base64 AES ciphertext (product spec section 9).
const Cipher = (description: string) =>
  Type.Optional(Type.String({ maxLength: 512, description: `${description}, AES-ECB/PKCS7 base64 ciphertext` }))
const Text = (maxLength: number, description: string) => Type.Optional(Type.String({ maxLength, description }))

export const UnTimeField = Type.String({
  pattern: '^[0-9A-Za-z_-]{1,32}$',
  description: 'Client-chosen key of the captcha, usually Date.now()',
})

export const CaptchaQuery = Type.Object({ lang: LangField, unTime: UnTimeField }, { additionalProperties: false })
export type CaptchaQuery = Static<typeof CaptchaQuery>
export const CaptchaBody = Type.Object({ lang: LangField, unTime: Type.Optional(UnTimeField) }, { additionalProperties: false })
export type CaptchaBody = Static<typeof CaptchaBody>
export const CaptchaData = Type.Object({
  unTime: Type.String(),
  img: Type.String({ description: 'data:image/svg+xml;base64,… of the captcha image' }),
})
export type CaptchaData = Static<typeof CaptchaData>

const Profile = {
  companyName: Text(200, 'Company name (required)'),
  addr: Text(200, 'Position'),
  email: Text(200, 'E-mail address (required, unique)'),
  contact: Text(40, 'Phone: a mainland mobile or a landline such as 010-12345678 (required)'),
  name: Text(100, 'Contact person (required)'),
}

export const RegisterBody = Type.Object(
  {
    lang: LangField,
    loginCode: Cipher('Username (4-50 letters, digits or _ . @ -)'),
    password: Cipher('Password (8-64 characters with letters and digits)'),
    confirmNewPassword: Cipher('The password again'),
    ...Profile,
  },
  { additionalProperties: false },
)
export type RegisterBody = Static<typeof RegisterBody>

export const LoginBody = Type.Object(
  {
    lang: LangField,
    loginCode: Cipher('Username'),
    password: Cipher('Password'),
    validCode: Text(20, 'The captcha answer'),
    unTime: Type.Optional(UnTimeField),
  },
  { additionalProperties: false },
)
export type LoginBody = Static<typeof LoginBody>

export const User = Type.Object({
  id: Type.String(),
  loginCode: Type.String(),
  name: Type.String({ description: 'Contact person' }),
  companyName: Type.String(),
  addr: Type.String({ description: 'Position' }),
  email: Type.String(),
  contact: Type.String({ description: 'Phone' }),
  lang: Type.String({ description: 'Edition the user registered in' }),
  createDate: Type.String({ description: 'ISO 8601' }),
})
export type User = Static<typeof User>

export const SessionData = Type.Object({
  token: Type.String({ description: 'Send it back in the website-token header' }),
  user: User,
})
export type SessionData = Static<typeof SessionData>

export const UpdateUserBody = Type.Object({ lang: LangField, ...Profile }, { additionalProperties: false })
export type UpdateUserBody = Static<typeof UpdateUserBody>

export const UpdatePwdBody = Type.Object(
  {
    lang: LangField,
    newPassword: Cipher('New password'),
    confirmNewPassword: Cipher('New password again'),
  },
  { additionalProperties: false },
)
export type UpdatePwdBody = Static<typeof UpdatePwdBody>

export const ForgetPwdBody = Type.Object(
  { lang: LangField, email: Text(200, "The account's e-mail address") },
  { additionalProperties: false },
)
export type ForgetPwdBody = Static<typeof ForgetPwdBody>

export const ResetPwdBody = Type.Object(
  {
    lang: LangField,
    resetToken: Text(200, 'The token of the reset link'),
    newPassword: Cipher('New password'),
    confirmNewPassword: Cipher('New password again'),
  },
  { additionalProperties: false },
)
export type ResetPwdBody = Static<typeof ResetPwdBody>

export const TokenHeader = Type.Object({ 'website-token': Type.Optional(Type.String({ maxLength: 512 })) })
export type TokenHeader = Static<typeof TokenHeader>
