import type { LimitPolicy } from '../plugins/app/limits.ts'
import type { CacheName } from '../plugins/app/caches.ts'

// Every core API path the browser may reach through /api, and nothing else:
// /api/<path> is proxied to <path> only when listed here; anything else is a
// 404 answered by the BFF.

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

/**
 * Payment notifications, called by Alipay and WeChat Pay rather than by the
 * browser: no CSRF check (their signatures authenticate them), no session, no
 * lang, and the body passes through byte for byte so the signature still
 * verifies upstream. Add a provider's notify path here.
 */
export const PAYMENT_NOTIFY_PATHS: readonly string[] = [
  // Alipay (form post) and WeChat Pay v3 (JSON with Wechatpay-* headers) both post here.
  '/report/websiteUserResearchOrder/pay/asyncNotify',
]

/** Answers the BFF keeps in a cache (routes/api/index.ts declares their inputs). */
export const CACHED_PATHS: readonly { method: Method; path: string; cache: CacheName }[] = [
  { method: 'POST', path: '/basedata/dict/listData', cache: 'dict' },
  { method: 'GET', path: '/basedata/config/findListByKeys', cache: 'config' },
  { method: 'GET', path: '/basedata/config/form', cache: 'config' },
  { method: 'GET', path: '/basedata/carousel/listData', cache: 'carousel' },
  { method: 'GET', path: '/basedata/home/mapData', cache: 'map' },
  { method: 'GET', path: '/report/researchReport/hotReports', cache: 'hotReports' },
  { method: 'POST', path: '/report/researchReport/categoryList', cache: 'categories' },
  // Its legacy name.
  { method: 'POST', path: '/report/researchReport/marketTypeList', cache: 'categories' },
  { method: 'GET', path: '/report/researchBriefReport/choicenessReports', cache: 'choiceness' },
  { method: 'POST', path: '/report/researchBriefReport/categoryList', cache: 'categories' },
  { method: 'POST', path: '/report/researchBriefReport/categoryPage', cache: 'categories' },
  { method: 'POST', path: '/report/marketInfo/categoryList', cache: 'categories' },
  { method: 'GET', path: '/report/marketInfo/topList', cache: 'latestNews' },
  { method: 'GET', path: '/report/marketInfo/marketInfoTopSixList', cache: 'latestNews' },
]

/** Proxied as they are, with the session token and lang added. */
export const PROXIED_PATHS: readonly ProxiedPath[] = [
  // content
  { method: 'POST', path: '/basedata/customerInfo/save', limit: 'customerInfo' },
  { method: 'POST', path: '/report/researchReport/pageList', limit: 'search' },
  { method: 'GET', path: '/report/researchReport/form' },
  { method: 'POST', path: '/report/researchReport/publishDateList' },
  { method: 'POST', path: '/report/researchBriefReport/pageList' },
  { method: 'GET', path: '/report/researchBriefReport/form' },
  { method: 'POST', path: '/report/marketInfo/pageList' },
  { method: 'GET', path: '/report/marketInfo/detailList' },
  // accounts
  { method: 'GET', path: '/report/websiteUser/getValidCode', limit: 'captcha' },
  { method: 'POST', path: '/report/websiteUser/getWuValidCode', limit: 'captcha' },
  { method: 'POST', path: '/report/websiteUser/register', limit: 'register', session: 'issue' },
  { method: 'POST', path: '/report/websiteUser/login', limit: 'login', session: 'issue' },
  { method: 'GET', path: '/report/websiteUser/logout', session: 'end', changesState: true },
  { method: 'GET', path: '/report/websiteUser/getUserInfo' },
  { method: 'POST', path: '/report/websiteUser/updateUser' },
  { method: 'POST', path: '/report/websiteUser/updatePwd' },
  { method: 'POST', path: '/report/websiteUser/forgetPwd', limit: 'forgetPwd' },
  { method: 'POST', path: '/report/websiteUser/resetPwd', limit: 'forgetPwd' },
  // orders
  { method: 'POST', path: '/report/websiteUserOrder/payOrder' },
  { method: 'POST', path: '/report/websiteUserOrder/orderList' },
  { method: 'POST', path: '/report/websiteUserOrder/orderInfo' },
  { method: 'POST', path: '/report/websiteUserOrder/downList' },
  { method: 'POST', path: '/report/websiteUserOrder/cancelOrder' },
  { method: 'POST', path: '/report/websiteUserOrder/downFile' },
  { method: 'POST', path: '/report/websiteUserResearchOrder/save' },
  { method: 'POST', path: '/report/websiteUserResearchOrder/payOrder' },
  { method: 'POST', path: '/report/websiteUserResearchOrder/orderList' },
  { method: 'POST', path: '/report/websiteUserResearchOrder/cancelOrder' },
  { method: 'POST', path: '/report/websiteUserResearchOrder/updateEmail' },
  // The signed link of a delivery mail (SITE_URL/api/download/<token>): no session, resumable with Range.
  { method: 'GET', path: '/download/:token' },
]

export const API_PREFIX = '/api'
