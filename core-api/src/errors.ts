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

interface CatalogueEntry {
  status: number
  'zh-CN': string
  'en-US': string
}

export const catalogue = {
  /** Legacy: login state expired; clients reset the session and go home */
  LOGIN_EXPIRED: {
    code: 5001,
    status: 401,
    'zh-CN': '登录状态已过期，请重新登录',
    'en-US': 'Your login has expired. Please log in again.',
  },
  SERVER_ERROR: { code: 5002, status: 500, 'zh-CN': '服务器错误，请稍后再试', 'en-US': 'Server error. Please try again later.' },
  SYSTEM_EXCEPTION: { code: 900001, status: 500, 'zh-CN': '系统异常，请稍后再试', 'en-US': 'System exception. Please try again later.' },
  /** Added: input failed validation. The msg names the field and rule. */
  INVALID_PARAMETER: { code: 100001, status: 400, 'zh-CN': '请求参数错误', 'en-US': 'Invalid request parameters' },
  PAYMENT_PROVIDER_FAILED: {
    code: 100002,
    status: 502,
    'zh-CN': '调用第三方支付失败',
    'en-US': 'The payment provider could not be reached. Please try again.',
  },
  ORDER_NOT_UNPAID: { code: 100003, status: 409, 'zh-CN': '订单不是待支付状态', 'en-US': 'The order is not awaiting payment.' },
  ORDER_EMPTY: { code: 100004, status: 404, 'zh-CN': '订单为空', 'en-US': 'The order does not exist.' },
  REPORT_EMPTY: { code: 100005, status: 404, 'zh-CN': '研究报告为空', 'en-US': 'The research report does not exist.' },
  PAY_METHOD_EMPTY: { code: 100006, status: 400, 'zh-CN': '支付方式为空', 'en-US': 'Please choose a payment method.' },
  PAY_METHOD_INVALID: { code: 100007, status: 400, 'zh-CN': '支付方式值不正确', 'en-US': 'The payment method is not valid.' },
  PAY_AMOUNT_MISMATCH: {
    code: 100008,
    status: 400,
    'zh-CN': '支付金额与费用金额不一致',
    'en-US': 'The payment amount does not match the price.',
  },
  UNPAID_ORDER_EXISTS: {
    code: 100009,
    status: 409,
    'zh-CN': '该报告存在未支付订单，请前往个人中心-我的订单进行支付',
    'en-US': 'You have an unpaid order for this report. Please go to Personal Centre - My Orders to pay it.',
  },
  ORDER_NOT_PAID: { code: 100010, status: 403, 'zh-CN': '订单不是已支付状态', 'en-US': 'The order has not been paid.' },
  /** Added: a paid research order whose report had no file yet; staff deliver it by mail */
  FILE_NOT_READY: {
    code: 100011,
    status: 409,
    'zh-CN': '该订单的文件尚未准备好，完成后将通过邮件发送给您',
    'en-US': 'The file of this order is not ready yet; it will be sent to you by e-mail.',
  },
  NOT_LOGGED_IN: { code: 200001, status: 401, 'zh-CN': '用户未登录', 'en-US': 'User not logged in' },
  /** Added: one message for an unknown user and a wrong password, so neither can be told apart */
  LOGIN_FAILED: { code: 200002, status: 400, 'zh-CN': '用户名或密码错误', 'en-US': 'Incorrect username or password' },
  CAPTCHA_INVALID: {
    code: 200003,
    status: 400,
    'zh-CN': '验证码错误或已过期，请重新输入',
    'en-US': 'The verification code is wrong or has expired. Please enter the new one.',
  },
  /** Added: too many failed logins; the msg says for how long */
  ACCOUNT_LOCKED: {
    code: 200004,
    status: 429,
    'zh-CN': '登录失败次数过多，请稍后再试',
    'en-US': 'Too many failed logins. Please try again later.',
  },
  LOGIN_CODE_TAKEN: { code: 200005, status: 409, 'zh-CN': '该用户名已被注册', 'en-US': 'This username is already registered.' },
  EMAIL_TAKEN: { code: 200006, status: 409, 'zh-CN': '该邮箱已被注册', 'en-US': 'This email address is already registered.' },
  RESET_TOKEN_INVALID: {
    code: 200007,
    status: 400,
    'zh-CN': '重置链接无效或已过期，请重新申请',
    'en-US': 'This reset link is invalid or has expired. Please request a new one.',
  },
  /** Added: unknown path or missing record that is not a report or order */
  NOT_FOUND: { code: 404, status: 404, 'zh-CN': '请求的资源不存在', 'en-US': 'The requested resource was not found.' },
  PAYLOAD_TOO_LARGE: { code: 413, status: 413, 'zh-CN': '请求内容过大', 'en-US': 'The request is too large.' },
  RANGE_NOT_SATISFIABLE: { code: 416, status: 416, 'zh-CN': '请求的范围无效', 'en-US': 'The requested range cannot be satisfied.' },
  UNSUPPORTED_MEDIA_TYPE: { code: 415, status: 415, 'zh-CN': '不支持的请求内容类型', 'en-US': 'Unsupported content type.' },
  /** Added: readiness: the database is unreachable or its migrations are not all applied */
  NOT_READY: {
    code: 503,
    status: 503,
    'zh-CN': '服务尚未就绪，请稍后再试',
    'en-US': 'The service is not ready yet. Please try again shortly.',
  },
  TOO_MANY_REQUESTS: { code: 429, status: 429, 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'Too many requests. Please try again later.' },
} as const satisfies Record<string, CatalogueEntry & { code: number }>

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
