import type { MessageId } from '../lib/intl'
import { splitLocale, type Locale } from '../lib/locale'
import { ANY } from '../lib/paths'

// The one route table. Chinese lives at the root and English under /en; the
// legacy forms (/aboutUs/..., /{lang}/..., ?marketType=...) resolve to the
// same screens.

export type ScreenName =
  | 'home'
  | 'reports'
  | 'reportDetail'
  | 'bulletins'
  | 'bulletinDetail'
  | 'news'
  | 'newsDetail'
  | 'market'
  | 'about'
  | 'contact'
  | 'myInfo'
  | 'updatePwd'
  | 'orders'
  | 'downloads'
  | 'addresses'
  | 'payBack'
  | 'orderDetail'
  | 'invoiceTitles'
  | 'acceptSeat'
  | 'verifyEmail'
  | 'notFound'
  | 'ops'
  | 'staff'

export type AboutSection = 'company' | 'method' | 'order' | 'qualify' | 'term'

/** Menu grouping of the spec: reports 1, bulletins 3, news 4, about-us 5. */
export const ACTIVE = { home: 0, reports: 1, market: 2, bulletins: 3, news: 4, about: 5, contact: 6, account: 7 } as const

export interface RouteDef {
  screen: ScreenName
  pattern: string
  activeIndex: number
  titleId: MessageId
  /** Fixed params the screen receives (e.g. which about page). */
  fixed?: Record<string, string>
  /** Allowed values of a path param, so /bulletin/detail is not a sub-type. */
  constraints?: Record<string, RegExp>
  /** Header and footer hidden. */
  bare?: boolean
  hideLanguageSwitch?: boolean
}

const BULLETIN_TYPES = /^(industry-brief|enterprise-hole-analysis)$/

const about = (pattern: string, section: AboutSection, titleId: MessageId): RouteDef => ({
  screen: 'about',
  pattern,
  activeIndex: ACTIVE.about,
  titleId,
  fixed: { section },
})

export const ROUTES: RouteDef[] = [
  { screen: 'home', pattern: '/', activeIndex: ACTIVE.home, titleId: 'title.home' },

  about('/about', 'company', 'title.company'),
  about('/aboutUs', 'company', 'title.company'),
  about('/aboutUs/companyProfile', 'company', 'title.company'),
  about('/link', 'method', 'title.method'),
  about('/aboutUs/researchMethod', 'method', 'title.method'),
  about('/order', 'order', 'title.order'),
  about('/aboutUs/orderingProcess', 'order', 'title.order'),
  about('/qualify', 'qualify', 'title.qualify'),
  about('/aboutUs/enterpriseQuality', 'qualify', 'title.qualify'),
  about('/term', 'term', 'title.term'),
  about('/aboutUs/relevantClause', 'term', 'title.term'),

  {
    screen: 'bulletinDetail',
    pattern: '/bulletin/detail',
    activeIndex: ACTIVE.bulletins,
    titleId: 'title.bulletinDetail',
    hideLanguageSwitch: true,
  },
  {
    screen: 'bulletinDetail',
    pattern: '/bulletin/bulletin-detail/:webTitle?',
    activeIndex: ACTIVE.bulletins,
    titleId: 'title.bulletinDetail',
    hideLanguageSwitch: true,
  },
  {
    screen: 'bulletins',
    pattern: '/bulletin/bulletin-think-tank/:marketType?/:topLabelId?/:keyword?',
    activeIndex: ACTIVE.bulletins,
    titleId: 'title.bulletin',
    hideLanguageSwitch: true,
  },
  {
    screen: 'bulletins',
    pattern: '/bulletin/:marketType',
    constraints: { marketType: BULLETIN_TYPES },
    activeIndex: ACTIVE.bulletins,
    titleId: 'title.bulletin',
    hideLanguageSwitch: true,
  },
  { screen: 'bulletins', pattern: '/bulletin', activeIndex: ACTIVE.bulletins, titleId: 'title.bulletin', hideLanguageSwitch: true },

  { screen: 'contact', pattern: '/contactUs', activeIndex: ACTIVE.contact, titleId: 'title.contact' },
  { screen: 'market', pattern: '/market', activeIndex: ACTIVE.market, titleId: 'title.market' },

  { screen: 'newsDetail', pattern: '/news/:webTitle', activeIndex: ACTIVE.news, titleId: 'title.newsDetail' },
  { screen: 'news', pattern: '/news-categories/:marketType?/:marketCategory?/:keyword?', activeIndex: ACTIVE.news, titleId: 'title.news' },

  { screen: 'reportDetail', pattern: '/reports/:webTitle', activeIndex: ACTIVE.reports, titleId: 'title.reportDetail' },
  {
    screen: 'reports',
    pattern: '/report-industries/:activeIndustryType?/:keyword?',
    activeIndex: ACTIVE.reports,
    titleId: 'title.reports',
  },

  { screen: 'myInfo', pattern: '/personalCenter/myInfo', activeIndex: ACTIVE.account, titleId: 'title.myInfo', hideLanguageSwitch: true },
  {
    screen: 'orders',
    pattern: '/personalCenter/moreOrders',
    activeIndex: ACTIVE.account,
    titleId: 'title.orders',
    hideLanguageSwitch: true,
  },
  {
    screen: 'downloads',
    pattern: '/personalCenter/myDownload',
    activeIndex: ACTIVE.account,
    titleId: 'title.downloads',
    hideLanguageSwitch: true,
  },
  {
    screen: 'addresses',
    pattern: '/personalCenter/myAddress',
    activeIndex: ACTIVE.account,
    titleId: 'title.addresses',
    hideLanguageSwitch: true,
  },
  {
    screen: 'orderDetail',
    pattern: '/personalCenter/order',
    activeIndex: ACTIVE.account,
    titleId: 'title.orderDetail',
    hideLanguageSwitch: true,
  },
  {
    screen: 'invoiceTitles',
    pattern: '/personalCenter/invoiceTitles',
    activeIndex: ACTIVE.account,
    titleId: 'title.invoiceTitles',
    hideLanguageSwitch: true,
  },
  // The links of a seat invitation and of an address verification, mailed: each page says itself what needs a session.
  {
    screen: 'acceptSeat',
    pattern: '/personalCenter/acceptSeat',
    activeIndex: ACTIVE.account,
    titleId: 'title.acceptSeat',
    hideLanguageSwitch: true,
  },
  {
    screen: 'verifyEmail',
    pattern: '/personalCenter/verifyEmail',
    activeIndex: ACTIVE.account,
    titleId: 'title.verifyEmail',
    hideLanguageSwitch: true,
  },
  {
    screen: 'payBack',
    pattern: '/personalCenter/payBack',
    activeIndex: ACTIVE.account,
    titleId: 'title.payBack',
    bare: true,
    hideLanguageSwitch: true,
  },
  {
    screen: 'updatePwd',
    pattern: '/personalCenter/updatePwd',
    activeIndex: ACTIVE.account,
    titleId: 'title.updatePwd',
    bare: true,
    hideLanguageSwitch: true,
  },

  // Staff only: linked from nowhere, not indexed (X-Robots-Tag from the BFF, a meta tag on the page), not in the sitemap.
  { screen: 'ops', pattern: '/ops', activeIndex: -1, titleId: 'title.ops', bare: true },
  // The staff console, where the publisher's own staff edit and run the site: /staff, /staff/reports[/code[/revisions]], /staff/audit; its own chunk, client-rendered.
  { screen: 'staff', pattern: '/staff/:section?/:code?/:view?', activeIndex: -1, titleId: 'title.staff', bare: true },
]

export const NOT_FOUND_ROUTE: RouteDef = { screen: 'notFound', pattern: '*', activeIndex: -1, titleId: 'title.notFound' }

export interface ResolvedRoute {
  route: RouteDef
  locale: Locale
  /** The path without its language segment */
  path: string
  params: Record<string, string | undefined>
}

/** A pattern's segment: a literal (compared in lower case) or a parameter. */
type Segment = { literal: string } | { param: string; optional: boolean }

/** Each pattern cut into segments once, not on every match. */
const segmentsOf = new Map<string, Segment[]>()
function segments(pattern: string): Segment[] {
  let cut = segmentsOf.get(pattern)
  if (!cut) {
    cut = pattern
      .split('/')
      .filter(Boolean)
      .map((part): Segment => {
        if (!part.startsWith(':')) return { literal: part.toLowerCase() }
        const optional = part.endsWith('?')
        return { param: part.slice(1, optional ? -1 : undefined), optional }
      })
    segmentsOf.set(pattern, cut)
  }
  return cut
}

function matchPattern(
  pattern: string,
  pathParts: string[],
  constraints: RouteDef['constraints'],
): Record<string, string | undefined> | null {
  const patternParts = segments(pattern)
  if (pathParts.length > patternParts.length) return null
  const params: Record<string, string | undefined> = {}
  for (let i = 0; i < patternParts.length; i++) {
    const part = patternParts[i] as Segment
    const value = pathParts[i]
    if ('param' in part) {
      if (value === undefined) {
        if (!part.optional) return null
        continue
      }
      let decoded: string
      try {
        decoded = decodeURIComponent(value)
      } catch {
        decoded = value
      }
      const constraint = constraints?.[part.param]
      if (constraint && !constraint.test(decoded)) return null
      params[part.param] = decoded === ANY ? undefined : decoded
    } else if (value === undefined || value.toLowerCase() !== part.literal) {
      return null
    }
  }
  return params
}

export function resolveRoute(pathname: string, search = ''): ResolvedRoute {
  const { locale, path: rawPath } = splitLocale(pathname || '/')
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') || '/' : rawPath
  const query = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)
  const pathParts = path.split('/').filter(Boolean)
  for (const route of ROUTES) {
    const matched = matchPattern(route.pattern, pathParts, route.constraints)
    if (!matched) continue
    const params: Record<string, string | undefined> = {}
    // Query forms some legacy links use in place of path segments.
    query.forEach((value, key) => {
      if (value !== '' && value !== ANY) params[key] = value
    })
    if (route.screen === 'news' && params.activeIndustryType && !params.marketType) params.marketType = params.activeIndustryType
    if (route.screen === 'reports' && params.marketType && !params.activeIndustryType) params.activeIndustryType = params.marketType
    if (params.queryKeyword && !params.keyword) params.keyword = params.queryKeyword
    for (const [key, value] of Object.entries(matched)) {
      if (value !== undefined) params[key] = value
      else if (!(key in params)) params[key] = undefined
    }
    Object.assign(params, route.fixed)
    return { route, locale, path, params }
  }
  return { route: NOT_FOUND_ROUTE, locale, path, params: {} }
}
