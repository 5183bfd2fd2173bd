import type { Locale } from '../lib/locale'
import { pageNumber } from '../lib/page-number'
import { resolveRoute, type ResolvedRoute, type ScreenName } from './routes'

// What the server needs to render a URL: which aggregated page payload to
// load and with which query. The queries mirror the ones the screens build
// from the same params, so the payload lands under the screens' SWR keys.

export type PageName = 'home' | 'reports' | 'report' | 'bulletins' | 'bulletin' | 'news' | 'article' | 'layout'

export interface PageRequest {
  name: PageName
  query: Record<string, string | number>
}

export interface RenderPlan {
  resolved: ResolvedRoute
  locale: Locale
  /** Null: the page stays client-rendered (personal centre, payment result). */
  page: PageRequest | null
}

export const LIST_PAGE_SIZE = 10
const PRICE_BANDS = [8000, 12000, 15000, 15001]
const REPORT_SORTS = ['price-asc', 'price-desc']

const PRIVATE_SCREENS: ReadonlySet<ScreenName> = new Set([
  'myInfo',
  'updatePwd',
  'orders',
  'downloads',
  'addresses',
  'payBack',
  // A token in the address, spent or shown by the client only.
  'acceptSeat',
  'verifyEmail',
  'ops',
])

const compact = (entries: Record<string, string | number | undefined>): Record<string, string | number> => {
  const out: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(entries)) if (value !== undefined && value !== '') out[key] = value
  return out
}

/** The report list's query as report-list-page builds it (same field order, for the SWR key). */
export function reportListQuery(params: Record<string, string | undefined>): Record<string, string | number> {
  const price = Number(params.price ?? params.queryPrice)
  const year = params.year ?? params.queryPublishDate
  const sort = params.sort
  return compact({
    pageNo: pageNumber(params.page ?? params.pageNo),
    pageSize: LIST_PAGE_SIZE,
    keyword: params.keyword?.trim() || undefined,
    marketType: params.activeIndustryType || undefined,
    queryPrice: PRICE_BANDS.includes(price) ? price : undefined,
    queryPublishDate: year && /^\d{4}$/.test(year) ? year : undefined,
    sort: sort && REPORT_SORTS.includes(sort) ? sort : undefined,
  })
}

/** A list's query as its page builds it: page, size, then its filters in order, then the keyword (same field order, for the SWR key). */
const filteredListQuery = (params: Record<string, string | undefined>, filters: string[]): Record<string, string | number> =>
  compact({
    pageNo: pageNumber(params.page),
    pageSize: LIST_PAGE_SIZE,
    ...Object.fromEntries(filters.map((name) => [name, params[name] || undefined])),
    keyword: params.keyword?.trim() || undefined,
  })

export const bulletinListQuery = (params: Record<string, string | undefined>) => filteredListQuery(params, ['marketType', 'topLabelId'])

export const newsListQuery = (params: Record<string, string | undefined>) => filteredListQuery(params, ['marketType', 'marketCategory'])

function pageFor(resolved: ResolvedRoute): PageRequest | null {
  const { params } = resolved
  switch (resolved.route.screen) {
    case 'home':
      return { name: 'home', query: {} }
    case 'reports':
      return { name: 'reports', query: reportListQuery(params) }
    case 'reportDetail':
      return { name: 'report', query: compact({ webTitle: params.webTitle }) }
    case 'bulletins':
      return { name: 'bulletins', query: bulletinListQuery(params) }
    case 'bulletinDetail':
      return { name: 'bulletin', query: compact({ webTitle: params.webTitle, id: params.id }) }
    case 'news':
      return { name: 'news', query: newsListQuery(params) }
    case 'newsDetail':
      return { name: 'article', query: compact({ webTitle: params.webTitle }) }
    case 'market':
    case 'about':
    case 'contact':
    case 'notFound':
      return { name: 'layout', query: {} }
    default:
      return PRIVATE_SCREENS.has(resolved.route.screen) ? null : { name: 'layout', query: {} }
  }
}

export function planRender(pathname: string, search = ''): RenderPlan {
  const resolved = resolveRoute(pathname, search)
  return { resolved, locale: resolved.locale, page: pageFor(resolved) }
}
