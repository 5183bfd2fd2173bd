import { CALL_LIST, CALLS, type CorePath } from '@rpt/contract'
import type { CacheName } from '../lib/cache-names.ts'
import type { LimitPolicy } from '../lib/limit-policies.ts'

// Every core API path the browser may reach through /api, and nothing else:
// /api/<path> is proxied to <path> only when the contract's table
// (@rpt/contract, contract/src/routes/calls.ts) lists it for the browser;
// anything else is a 404 answered by the BFF. A call needs a line here only
// when the BFF treats it specially: a rate limit, the session cookie, a cache.

/** The legacy contract's methods: every call the browser makes is a GET or a POST. */
export type Method = 'GET' | 'POST'

export interface ProxiedPath {
  method: Method
  path: string
  /** Rate-limit policy (plugins/app/limits.ts) */
  limit?: LimitPolicy
  /** 'issue': a successful answer's data.token becomes the session cookie; 'end': the cookie is cleared whatever the answer */
  session?: 'issue' | 'end'
  /** A GET that changes state, so it gets the CSRF checks of a POST */
  changesState?: boolean
}

type Policy = Omit<ProxiedPath, 'method' | 'path'>

/** How the BFF treats the proxied calls that are not passed on as they are. */
const POLICIES: Partial<Record<CorePath, Policy>> = {
  [CALLS.customerInfo.save.path]: { limit: 'customerInfo' },
  [CALLS.researchReport.pageList.path]: { limit: 'search' },
  [CALLS.websiteUser.getValidCode.path]: { limit: 'captcha' },
  [CALLS.websiteUser.getWuValidCode.path]: { limit: 'captcha' },
  [CALLS.websiteUser.register.path]: { limit: 'register', session: 'issue' },
  [CALLS.websiteUser.login.path]: { limit: 'login', session: 'issue' },
  [CALLS.websiteUser.logout.path]: { session: 'end', changesState: true },
  [CALLS.websiteUser.forgetPwd.path]: { limit: 'forgetPwd' },
  [CALLS.websiteUser.resetPwd.path]: { limit: 'forgetPwd' },
  // Each sends a mail to an address the caller types (a colleague's) or owns.
  [CALLS.licences.inviteSeat.path]: { limit: 'licenceMail' },
  [CALLS.licences.sendEmailVerification.path]: { limit: 'licenceMail' },
}

/** The answers the BFF keeps, and in which cache (routes/api/index.ts serves them, with the contract's inputs). */
const CACHES: Partial<Record<CorePath, CacheName>> = {
  [CALLS.dict.listData.path]: 'dict',
  [CALLS.config.findListByKeys.path]: 'config',
  [CALLS.config.form.path]: 'config',
  [CALLS.carousel.listData.path]: 'carousel',
  [CALLS.home.mapData.path]: 'map',
  [CALLS.researchReport.hotReports.path]: 'hotReports',
  [CALLS.researchReport.categoryList.path]: 'categories',
  [CALLS.researchReport.marketTypeList.path]: 'categories',
  [CALLS.researchBriefReport.choicenessReports.path]: 'choiceness',
  [CALLS.researchBriefReport.categoryList.path]: 'categories',
  [CALLS.researchBriefReport.categoryPage.path]: 'categories',
  [CALLS.marketInfo.categoryList.path]: 'categories',
  [CALLS.marketInfo.topList.path]: 'latestNews',
  [CALLS.marketInfo.marketInfoTopSixList.path]: 'latestNews',
}

type BrowserCall = Extract<(typeof CALL_LIST)[number], { method: Method }>
const browserCalls = CALL_LIST.filter(
  (call): call is BrowserCall => (call.audience ?? 'browser') === 'browser' && (call.method === 'GET' || call.method === 'POST'),
)

/**
 * Payment notifications, called by Alipay and WeChat Pay rather than by the
 * browser: no CSRF check (their signatures authenticate them), no session, no
 * lang, and the body passes through byte for byte so the signature still
 * verifies upstream. The contract marks them (audience 'provider').
 */
export const PAYMENT_NOTIFY_PATHS: readonly string[] = CALL_LIST.filter((call) => call.audience === 'provider').map((call) => call.path)

/** Answers the BFF keeps in a cache. */
export const CACHED_PATHS: readonly { method: Method; path: CorePath; cache: CacheName }[] = browserCalls.flatMap((call) => {
  const cache = CACHES[call.path]
  return cache ? [{ method: call.method, path: call.path, cache }] : []
})

/** Proxied as they are, with the session token and lang added. */
export const PROXIED_PATHS: readonly ProxiedPath[] = browserCalls
  .filter((call) => !CACHES[call.path])
  .map((call) => ({ method: call.method, path: call.path, ...POLICIES[call.path] }))

export const API_PREFIX = '/api'

// The staff API, through which the publisher's staff edit and publish the
// content from the console: every call the contract marks audience 'staff' is
// served under /staff-api with the staff cookie's token as a bearer token
// (proxy/staff-proxy.ts); anything else under /staff-api is a 404.

export type StaffMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface StaffPath {
  method: StaffMethod
  /** The core API's path, /staff/…, path parameters (:code) kept */
  path: string
  /** The same path under STAFF_PREFIX's scope: /login, /reports/:code */
  route: string
  /** 'issue': a successful answer's data.token becomes the staff cookie; 'end': the cookie is cleared whatever the answer */
  session?: 'issue' | 'end'
  limit?: LimitPolicy
}

export const STAFF_PREFIX = '/staff-api'
const STAFF_CORE_PREFIX = '/staff'

const STAFF_POLICIES: Partial<Record<string, Pick<StaffPath, 'session' | 'limit'>>> = {
  [CALLS.staff.login.path]: { session: 'issue', limit: 'staffLogin' },
  [CALLS.staff.logout.path]: { session: 'end' },
  // A member's current password, asked again to change their own credentials, is guessable like a sign-in: these
  // count against the address's sign-in budget (the core API counts the account's failures with the sign-in's too).
  [CALLS.staffOwnAccount.changePassword.path]: { limit: 'staffLogin' },
  [CALLS.staffOwnAccount.confirmSecondFactor.path]: { limit: 'staffLogin' },
}

export const STAFF_PATHS: readonly StaffPath[] = CALL_LIST.filter((call) => call.audience === 'staff').map((call) => ({
  method: call.method,
  path: call.path,
  route: call.path.slice(STAFF_CORE_PREFIX.length),
  ...STAFF_POLICIES[call.path],
}))
