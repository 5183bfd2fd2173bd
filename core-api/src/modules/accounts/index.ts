// Visitors' accounts: registration, sign-in, sessions, captcha, password resets, and the checks of a
// customer's fields that requests and orders share.
// Other modules import this file only.

export { default as accountService } from './account-service.ts'
export type { AccountService } from './account-service.ts'
export { default as auth, sessionOf } from './auth.ts'
export { default as captchaService } from './captcha-service.ts'
export { CUSTOMER_MESSAGES, isValidEmail, isValidPhone, validateCustomerRequest, versionApplies } from './customer-validation.ts'
export { default as websiteUserRoutes } from './routes/website-user.ts'
export { default as sessionService } from './session-service.ts'
export type { SessionService } from './session-service.ts'
