import { catalogueOf, clientErrors } from '@rpt/server-kit'

// The error catalogue: every code the API answers with, its HTTP status and
// its message in both interface languages. Codes are the legacy contract's
// (product spec section 8); the few added here fill gaps the spec leaves
// (validation, unknown path, rate limit) and never reuse a legacy code.

export type Lang = 'zh-CN' | 'en-US'
export const LANGS: readonly Lang[] = ['zh-CN', 'en-US']
export const DEFAULT_LANG: Lang = 'zh-CN'

export function isLang(value: unknown): value is Lang {
  return value === 'zh-CN' || value === 'en-US'
}

export const catalogue = {
  // Code, HTTP status, Chinese, English.
  ...catalogueOf({
    /** Legacy: login state expired; clients reset the session and go home */
    LOGIN_EXPIRED: [5001, 401, '登录状态已过期，请重新登录', 'Your login has expired. Please log in again.'],
    SERVER_ERROR: [5002, 500, '服务器错误，请稍后再试', 'Server error. Please try again later.'],
    PAYMENT_PROVIDER_FAILED: [100002, 502, '调用第三方支付失败', 'The payment provider could not be reached. Please try again.'],
    ORDER_NOT_UNPAID: [100003, 409, '订单不是待支付状态', 'The order is not awaiting payment.'],
    ORDER_EMPTY: [100004, 404, '订单为空', 'The order does not exist.'],
    REPORT_EMPTY: [100005, 404, '研究报告为空', 'The research report does not exist.'],
    PAY_METHOD_EMPTY: [100006, 400, '支付方式为空', 'Please choose a payment method.'],
    PAY_METHOD_INVALID: [100007, 400, '支付方式值不正确', 'The payment method is not valid.'],
    PAY_AMOUNT_MISMATCH: [100008, 400, '支付金额与费用金额不一致', 'The payment amount does not match the price.'],
    UNPAID_ORDER_EXISTS: [
      100009,
      409,
      '该报告存在未支付订单，请前往个人中心-我的订单进行支付',
      'You have an unpaid order for this report. Please go to Personal Centre - My Orders to pay it.',
    ],
    ORDER_NOT_PAID: [100010, 403, '订单不是已支付状态', 'The order has not been paid.'],
    /** Added: a paid research order whose report had no file yet; staff deliver it by mail */
    FILE_NOT_READY: [
      100011,
      409,
      '该订单的文件尚未准备好，完成后将通过邮件发送给您',
      'The file of this order is not ready yet; it will be sent to you by e-mail.',
    ],
    NOT_LOGGED_IN: [200001, 401, '用户未登录', 'User not logged in'],
    /** Added: one message for an unknown user and a wrong password, so neither can be told apart */
    LOGIN_FAILED: [200002, 400, '用户名或密码错误', 'Incorrect username or password'],
    CAPTCHA_INVALID: [
      200003,
      400,
      '验证码错误或已过期，请重新输入',
      'The verification code is wrong or has expired. Please enter the new one.',
    ],
    /** Added: too many failed logins; the msg says for how long */
    ACCOUNT_LOCKED: [200004, 429, '登录失败次数过多，请稍后再试', 'Too many failed logins. Please try again later.'],
    LOGIN_CODE_TAKEN: [200005, 409, '该用户名已被注册', 'This username is already registered.'],
    EMAIL_TAKEN: [200006, 409, '该邮箱已被注册', 'This email address is already registered.'],
    RESET_TOKEN_INVALID: [
      200007,
      400,
      '重置链接无效或已过期，请重新申请',
      'This reset link is invalid or has expired. Please request a new one.',
    ],
    RANGE_NOT_SATISFIABLE: [416, 416, '请求的范围无效', 'The requested range cannot be satisfied.'],
  } as const),
  // Validation (100001), unknown path, body too large or of an unsupported type, rate limit, readiness (the database
  // unreachable or its migrations not all applied), system exception: as the BFF answers them.
  ...clientErrors,
}

export type ErrorKey = keyof typeof catalogue

export function messageFor(key: ErrorKey, lang: Lang): string {
  return catalogue[key][lang]
}

/**
 * A failure the client is meant to see. The error handler turns it into the
 * envelope; `msg` overrides the catalogue text when the failure is more
 * specific than its code (a named validation rule, say).
 */
export class AppError extends Error {
  readonly key: ErrorKey
  readonly code: number
  readonly status: number
  readonly localized: Partial<Record<Lang, string>>

  constructor(key: ErrorKey, localized: Partial<Record<Lang, string>> = {}) {
    super(localized['en-US'] ?? catalogue[key]['en-US'])
    this.name = 'AppError'
    this.key = key
    this.code = catalogue[key].code
    this.status = catalogue[key].status
    this.localized = localized
  }

  messageIn(lang: Lang): string {
    return this.localized[lang] ?? catalogue[this.key][lang]
  }
}

/** A validation failure with a message in both languages. */
export function invalid(zh: string, en: string): AppError {
  return new AppError('INVALID_PARAMETER', { 'zh-CN': zh, 'en-US': en })
}
