// The names of the BFF's rate-limit policies. The allow-list (upstream/)
// names the policy of a call; plugins/app/limits.ts holds the budgets and
// enforces them, and the ops API tunes them by these names.

export const LIMIT_POLICIES = [
  'login',
  'register',
  'captcha',
  'forgetPwd',
  'customerInfo',
  'licenceMail',
  'notFound',
  'opsAuth',
  'search',
  'staffLogin',
] as const
export type LimitPolicy = (typeof LIMIT_POLICIES)[number]
