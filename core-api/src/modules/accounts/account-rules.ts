// Rules and messages of the account forms (product spec section 5 for login
// and register; the password rule is ours, as the spec shows none). Pure, like
// customer-validation.ts, so a client can share the wording.
import { CUSTOMER_MESSAGES, isValidEmail, isValidPhone, type FormLang } from './customer-validation.ts'

export const ACCOUNT_MESSAGES = {
  loginCodeRequired: { 'zh-CN': '请输入用户名', 'en-US': 'Username is required' },
  passwordRequired: { 'zh-CN': '请输入密码', 'en-US': 'Password is required' },
  validCodeRequired: { 'zh-CN': '请输入验证码', 'en-US': 'Verification code is required' },
  confirmRequired: { 'zh-CN': '请再次输入密码', 'en-US': 'Please confirm the password' },
  passwordsDiffer: { 'zh-CN': '两次输入的密码不一致', 'en-US': 'Passwords do not match' },
  loginCodeFormat: { 'zh-CN': '用户名为 4-50 位字母、数字或 _ . @ -', 'en-US': 'The username must be 4-50 letters, digits or _ . @ -' },
  passwordFormat: {
    'zh-CN': '密码为 8-64 位，且须同时包含字母和数字',
    'en-US': 'The password must be 8-64 characters and contain both letters and digits',
  },
  undecryptable: {
    'zh-CN': '账号信息无法解密，请刷新页面后重试',
    'en-US': 'The credentials could not be decrypted. Please reload the page and try again.',
  },
  resetTokenRequired: { 'zh-CN': '重置链接无效，请重新申请', 'en-US': 'The reset link is missing. Please request a new one.' },
  ...CUSTOMER_MESSAGES,
} as const satisfies Record<string, Record<FormLang, string>>

export type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES

export const LOGIN_CODE_PATTERN = /^[A-Za-z0-9_.@-]{4,50}$/

export function isValidLoginCode(value: string): boolean {
  return LOGIN_CODE_PATTERN.test(value)
}

export function isValidPassword(value: string): boolean {
  return value.length >= 8 && value.length <= 64 && /[A-Za-z]/.test(value) && /\d/.test(value)
}

export interface ProfileInput {
  companyName?: string | undefined
  email?: string | undefined
  contact?: string | undefined
  name?: string | undefined
}

const present = (value: string | undefined): value is string => typeof value === 'string' && value.trim() !== ''

/** The profile part of register and updateUser: the custom request form's rules for the same fields. */
export function profileFailure(input: ProfileInput): AccountMessageKey | undefined {
  if (!present(input.companyName)) return 'companyNameRequired'
  if (!present(input.email)) return 'emailRequired'
  if (!isValidEmail(input.email.trim())) return 'emailFormat'
  if (!present(input.contact)) return 'contactRequired'
  if (!isValidPhone(input.contact.trim())) return 'contactFormat'
  if (!present(input.name)) return 'nameRequired'
  return undefined
}

/** New password and its confirmation (register, updatePwd, resetPwd). */
export function newPasswordFailure(password: string | undefined, confirmation: string | undefined): AccountMessageKey | undefined {
  if (!password) return 'passwordRequired'
  if (!confirmation) return 'confirmRequired'
  if (password !== confirmation) return 'passwordsDiffer'
  if (!isValidPassword(password)) return 'passwordFormat'
  return undefined
}
