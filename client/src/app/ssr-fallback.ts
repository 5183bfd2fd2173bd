import { unstable_serialize } from 'swr'
import { contactKey, type ContactInfo } from '../features/about/api/get-contact'
import { bulletinLabelsKey } from '../features/bulletins/api/get-bulletin-labels'
import { bulletinTypesKey } from '../features/bulletins/api/get-bulletin-types'
import { bulletinKey } from '../features/bulletins/api/get-bulletin'
import { bulletinsKey, type BulletinListQuery } from '../features/bulletins/api/get-bulletins'
import { carouselKey } from '../features/home/api/get-carousel'
import { choiceBulletinsKey, latestNewsKey } from '../features/home/api/get-home-articles'
import { hotReportsKey as homeHotReportsKey, reportCategoriesKey } from '../features/home/api/get-home-reports'
import { mapDataKey } from '../features/home/api/get-map-data'
import { menuDictKey } from '../lib/menu-dict'
import { siteConfigKey } from '../features/layout/api/get-site-config'
import { newsCategoriesKey } from '../features/news/api/get-news-categories'
import { newsDetailKey } from '../features/news/api/get-news-detail'
import { newsListKey, type NewsListQuery } from '../features/news/api/get-news-list'
import { topNewsKey } from '../features/news/api/get-top-news'
import { hotReportsKey } from '../features/reports/api/get-hot-reports'
import { reportKey, reportSeoKey } from '../features/reports/api/get-report'
import { reportsKey, type ReportListQuery } from '../features/reports/api/get-reports'
import type { Locale } from '../lib/locale'
import type { RenderPlan } from './ssr-plan'

// Maps an aggregated page payload (the BFF's /bff/pages/* data) onto the SWR
// keys the screens read, with the features' own key functions, so the server
// render and the hydration pass both find their data in the cache.

/** The data of a page payload: parts by name, null where an optional part failed. */
export type PagePayload = Record<string, unknown>

export type SwrFallback = Record<string, unknown>

interface ConfigRow {
  configKey: string
  configValue: string
}

// The footer and home list lengths the screens ask for; the payload parts
// carry the core API's defaults (8 hot reports, 6 news, 6 bulletins).
const HOME_HOT = 8
const DETAIL_HOT = 6
const LATEST = 6

const isArray = (value: unknown): value is unknown[] => Array.isArray(value)
const first = (value: unknown, count: number) => (isArray(value) ? value.slice(0, count) : undefined)

export function configRecord(rows: unknown): Record<string, string> | undefined {
  if (!isArray(rows)) return undefined
  const record: Record<string, string> = {}
  for (const row of rows as ConfigRow[]) if (row && typeof row.configKey === 'string') record[row.configKey] = String(row.configValue ?? '')
  return record
}

function contactOf(config: Record<string, string>, locale: Locale): ContactInfo {
  const p = locale === 'en-US' ? 'en' : 'cn'
  return {
    phone: config[`${p}.contact.phone`] ?? '',
    secondPhone: config[locale === 'en-US' ? 'en.contact.intl' : 'cn.contact.mobile'] ?? '',
    email: config[`${p}.contact.email`] ?? '',
    address: config[`${p}.contact.address`] ?? '',
  }
}

export function buildFallback(plan: RenderPlan, payload: PagePayload): SwrFallback {
  const { locale, resolved } = plan
  const query = plan.page?.query ?? {}
  const entries: Array<[readonly unknown[], unknown]> = []
  const put = (key: readonly unknown[], value: unknown) => {
    if (value !== undefined && value !== null) entries.push([key, value])
  }

  const config = configRecord(payload.footer)
  put(siteConfigKey(locale), config)
  put(menuDictKey('reports_category', locale), payload.reportMenu)
  put(menuDictKey('market_type', locale), payload.newsMenu)
  put(menuDictKey('bulletin_type', locale), payload.bulletinMenu)

  switch (resolved.route.screen) {
    case 'home':
      put(carouselKey(locale), payload.carousel)
      put(homeHotReportsKey(locale, HOME_HOT), first(payload.hotReports, HOME_HOT))
      put(reportCategoriesKey(locale), payload.categories)
      put(mapDataKey(locale), (payload.mapData as { regions?: unknown } | null)?.regions)
      put(latestNewsKey(locale, LATEST), first(payload.latestNews, LATEST))
      put(choiceBulletinsKey(locale, LATEST), first(payload.choiceness, LATEST))
      break
    case 'reports':
      put(reportsKey(locale, query as unknown as ReportListQuery), payload.list)
      break
    case 'reportDetail':
      if (typeof query.webTitle === 'string') {
        put(reportKey(locale, query.webTitle), payload.report)
        put(reportSeoKey(locale, query.webTitle), payload.seo)
      }
      put(hotReportsKey(locale, DETAIL_HOT), first(payload.hotReports, DETAIL_HOT))
      break
    case 'bulletins': {
      const { marketType, keyword } = query as Partial<BulletinListQuery>
      put(bulletinTypesKey(locale), payload.categories)
      put(bulletinLabelsKey(locale, { ...(marketType ? { marketType } : {}), ...(keyword ? { keyword } : {}) }), payload.labels)
      put(bulletinsKey(locale, query as unknown as BulletinListQuery), payload.list)
      break
    }
    case 'bulletinDetail': {
      const ref = { ...(query.webTitle ? { webTitle: String(query.webTitle) } : {}), ...(query.id ? { id: String(query.id) } : {}) }
      put(bulletinKey(locale, ref), payload.bulletin)
      break
    }
    case 'news':
      put(newsCategoriesKey(locale), payload.categories)
      put(newsListKey(locale, query as unknown as NewsListQuery), payload.list)
      break
    case 'newsDetail':
      if (typeof query.webTitle === 'string') put(newsDetailKey(locale, query.webTitle), payload.article)
      put(topNewsKey(locale, LATEST), first(payload.latestNews, LATEST))
      break
    case 'contact':
      if (config) put(contactKey(locale), contactOf(config, locale))
      break
    default:
      break
  }
  return Object.fromEntries(entries.map(([key, value]) => [unstable_serialize(key), value]))
}
