import type { MessageId } from './intl'

// The form rules of the product spec (section 5). Validators return message
// ids, not text, so the same rules speak both interface languages.

/** Starts with a letter or digit, at least 3 characters before @, a domain word, a lowercase top-level domain. */
export const EMAIL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{2,}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[a-z]{2,}$/
/** Mainland mobile number: 11 digits starting 13-19, optional leading 0. */
export const MOBILE_PATTERN = /^0?1[3-9]\d{9}$/
/** Landline: 3-4 digit area code (starting 0), a hyphen, 8 digits. */
export const LANDLINE_PATTERN = /^0\d{2,3}-\d{8}$/

export type Errors<F extends string> = Partial<Record<F, MessageId>>

const blank = (value: string | undefined): boolean => !value || value.trim() === ''

export function emailError(value: string | undefined): MessageId | undefined {
  if (blank(value)) return 'validation.emailRequired'
  if (!EMAIL_PATTERN.test((value ?? '').trim())) return 'validation.emailFormat'
  return undefined
}

export function phoneError(value: string | undefined): MessageId | undefined {
  if (blank(value)) return 'validation.contactRequired'
  const v = (value ?? '').trim()
  if (!MOBILE_PATTERN.test(v) && !LANDLINE_PATTERN.test(v)) return 'validation.contactFormat'
  return undefined
}

export interface ContactFields {
  companyName: string
  addr: string
  email: string
  contact: string
  name: string
}

export interface CustomRequestFields extends ContactFields {
  demand: string
  version: string
}

export type CustomRequestField = keyof CustomRequestFields

function contactErrors(values: ContactFields): Errors<keyof ContactFields> {
  const errors: Errors<keyof ContactFields> = {}
  if (blank(values.companyName)) errors.companyName = 'validation.companyNameRequired'
  const email = emailError(values.email)
  if (email) errors.email = email
  const phone = phoneError(values.contact)
  if (phone) errors.contact = phone
  if (blank(values.name)) errors.name = 'validation.nameRequired'
  return errors
}

/** needsVersion: a sample request (type '1') in the Chinese edition. */
export function validateCustomRequest(values: CustomRequestFields, needsVersion: boolean): Errors<CustomRequestField> {
  const errors: Errors<CustomRequestField> = contactErrors(values)
  if (blank(values.demand)) errors.demand = 'validation.demandRequired'
  if (needsVersion && values.version !== '0' && values.version !== '1') errors.version = 'validation.versionRequired'
  return errors
}

export interface LoginFields {
  loginCode: string
  password: string
  validCode: string
}

export function validateLogin(values: LoginFields): Errors<keyof LoginFields> {
  const errors: Errors<keyof LoginFields> = {}
  if (blank(values.loginCode)) errors.loginCode = 'validation.loginCodeRequired'
  if (!values.password) errors.password = 'validation.passwordRequired'
  if (blank(values.validCode)) errors.validCode = 'validation.validCodeRequired'
  return errors
}

export interface PasswordPair {
  password: string
  confirmPassword: string
}

export function passwordPairErrors(values: PasswordPair): Errors<keyof PasswordPair> {
  const errors: Errors<keyof PasswordPair> = {}
  if (!values.password) errors.password = 'validation.passwordRequired'
  if (!values.confirmPassword) errors.confirmPassword = 'validation.confirmRequired'
  else if (values.password !== values.confirmPassword) errors.confirmPassword = 'validation.passwordMismatch'
  return errors
}

export interface RegisterFields extends ContactFields, PasswordPair {
  loginCode: string
}

export function validateRegister(values: RegisterFields): Errors<keyof RegisterFields> {
  const errors: Errors<keyof RegisterFields> = {}
  if (blank(values.loginCode)) errors.loginCode = 'validation.loginCodeRequired'
  return { ...errors, ...passwordPairErrors(values), ...contactErrors(values) }
}

export function validateContactInfo(values: ContactFields): Errors<keyof ContactFields> {
  return contactErrors(values)
}

export function validateForgot(values: { email: string }): Errors<'email'> {
  const email = emailError(values.email)
  return email ? { email } : {}
}

/** Research-order e-mail confirmation: both addresses must match. */
export function validateEmailPair(values: { email: string; confirmEmail: string }): Errors<'email' | 'confirmEmail'> {
  const errors: Errors<'email' | 'confirmEmail'> = {}
  const email = emailError(values.email)
  if (email) errors.email = email
  if (values.email.trim() !== values.confirmEmail.trim()) errors.confirmEmail = 'validation.emailMismatch'
  return errors
}
