import type { ReportDetail } from '@rpt/contract'
import { translate, type MessageId } from '../lib/intl'
import { LOCALES, localizePath, type Locale } from '../lib/locale'
import { paths } from '../lib/paths'
import type { PagePayload } from './ssr-fallback'
import type { RenderPlan } from './ssr-plan'
import { pageNumber } from '../lib/page-number'
import { escapeHtml, plainText } from '../lib/rich-summary'
import { jsonForScript } from './ssr-state'
import { documentTitle, seoText } from '../lib/document-title'

// The <head> of a server-rendered page: title and description in the page's
// language, canonical URL, hreflang alternates, Open Graph and JSON-LD.

export interface HeadInput {
  plan: RenderPlan
  payload: PagePayload
  /** Public origin of the site, without a trailing slash */
  siteUrl: string
  /** The page answers 404 (unknown route or missing record) */
  notFound?: boolean
  /** Editions the page's record exists in, when the payload does not say (bulletins, news) */
  alternates?: Array<{ lang: string; webTitle: string }>
}

export interface Head {
  title: string
  /** Tags after <title>: meta, link and JSON-LD script elements */
  tags: string
}

interface RecordLike {
  title?: string
  webTitle?: string
  outline?: string
  publishDate?: string
  marketType?: string
  marketTypeName?: string
  alternates?: Array<{ lang: string; webTitle: string }>
}

const ABOUT_PATHS: Record<string, string> = { company: '/about', method: '/link', order: '/order', qualify: '/qualify', term: '/term' }
const OG_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh_CN', 'en-US': 'en_US' }

const asRecord = (value: unknown): RecordLike | undefined => (value && typeof value === 'object' ? value : undefined)

/**
 * The staff's SEO title and description of a report page (the payload's seo
 * part, the core API's /content/seo), each only where set: the legacy detail
 * does not carry them.
 */
function seoOf(plan: RenderPlan, payload: PagePayload): { title?: string; description?: string } {
  if (plan.resolved.route.screen !== 'reportDetail') return {}
  const seo = payload.seo as { seoTitle?: unknown; seoDescription?: unknown } | null | undefined
  // Plain text as the staff typed it (escaped where written out, not read as markup), on one line.
  return { title: seoText(seo?.seoTitle), description: seoText(seo?.seoDescription) }
}

/** The record of a detail page (news detail wraps it in {vo}, its legacy name). */
function recordOf(plan: RenderPlan, payload: PagePayload): RecordLike | undefined {
  switch (plan.resolved.route.screen) {
    case 'reportDetail':
      return asRecord(payload.report)
    case 'bulletinDetail':
      return asRecord(payload.bulletin)
    case 'newsDetail':
      return asRecord(asRecord(payload.article) && (payload.article as { vo?: unknown }).vo)
    default:
      return undefined
  }
}

/** The edition-neutral canonical path of a page, with the list page number when past the first. */
export function canonicalPath(plan: RenderPlan, record?: RecordLike): string {
  const { route, params, path } = plan.resolved
  const page = pageNumber(params.page ?? params.pageNo)
  const paged = (base: string) => (page > 1 ? `${base}?page=${page}` : base)
  const webTitle = record?.webTitle ?? params.webTitle ?? ''
  switch (route.screen) {
    case 'home':
      return '/'
    case 'reportDetail':
      return paths.report(webTitle)
    case 'bulletinDetail':
      return paths.bulletin(webTitle)
    case 'newsDetail':
      return paths.newsDetail(webTitle)
    case 'reports':
      return paged(paths.reports(params.activeIndustryType, params.keyword?.trim()))
    case 'bulletins':
      return paged(paths.bulletins(params.marketType, params.topLabelId, params.keyword?.trim()))
    case 'news':
      return paged(paths.news(params.marketType, params.marketCategory, params.keyword?.trim()))
    case 'about':
      return ABOUT_PATHS[params.section ?? 'company'] ?? '/about'
    case 'contact':
      return '/contactUs'
    case 'market':
      return '/market'
    default:
      return path
  }
}

export function buildHead({ plan, payload, siteUrl, notFound, alternates }: HeadInput): Head {
  const { locale, resolved } = plan
  const t = (id: MessageId, values?: Record<string, string | number>) => translate(locale, id, values)
  const site = t('site.name')
  const url = (loc: Locale, path: string) => `${siteUrl}${localizePath(loc, path)}`

  if (notFound) {
    const title = documentTitle({ site, page: t('title.notFound') })
    return {
      title,
      tags: [`<meta name="robots" content="noindex">`, `<meta name="description" content="${escapeHtml(t('notFound.title'))}">`].join(
        '\n    ',
      ),
    }
  }

  // The staff console's sign-in: served to staff, never offered to search engines.
  if (resolved.route.screen === 'staff') {
    return { title: documentTitle({ site, page: t(resolved.route.titleId) }), tags: `<meta name="robots" content="noindex">` }
  }

  const record = recordOf(plan, payload)
  const seo = seoOf(plan, payload)
  const sectionTitle = t(resolved.route.titleId)
  // As the screens title themselves once they have their data; an SEO title is the whole title, as the staff wrote it.
  const refinement = record?.title ?? categoryName(plan, payload)
  const title = documentTitle({ site, page: refinement ? `${refinement} - ${sectionTitle}` : sectionTitle, seoTitle: seo.title })
  const configured = Array.isArray(payload.footer)
    ? (payload.footer as Array<{ configKey?: string; configValue?: string }>).find((row) => row.configKey?.endsWith('.site.description'))
        ?.configValue
    : undefined
  const description =
    seo.description ||
    plainText(record?.outline) ||
    (resolved.route.screen === 'home' && configured ? configured : `${sectionTitle} - ${t('site.tagline')}`)

  const canonical = canonicalPath(plan, record)
  const canonicalUrl = url(locale, canonical)

  // Alternates: a record lists the editions it exists in; other pages exist in both.
  const editions: Array<{ locale: Locale; href: string }> = []
  const recordAlternates = record ? (record.alternates ?? alternates ?? []) : undefined
  if (recordAlternates) {
    for (const alt of recordAlternates) {
      const loc = LOCALES.find((l) => l === alt.lang)
      if (!loc || !alt.webTitle) continue
      editions.push({ locale: loc, href: url(loc, canonicalPath(plan, { ...record, webTitle: alt.webTitle })) })
    }
    if (!editions.some((e) => e.locale === locale)) editions.push({ locale, href: canonicalUrl })
  } else {
    for (const loc of LOCALES) editions.push({ locale: loc, href: url(loc, canonical) })
  }
  const hreflang =
    editions.length > 1
      ? [
          ...editions.map((e) => `<link rel="alternate" hreflang="${e.locale}" href="${escapeHtml(e.href)}">`),
          `<link rel="alternate" hreflang="x-default" href="${escapeHtml((editions.find((e) => e.locale === 'zh-CN') ?? editions[0]!).href)}">`,
        ]
      : []

  const screen = resolved.route.screen
  const ogType = screen === 'newsDetail' || screen === 'bulletinDetail' ? 'article' : screen === 'reportDetail' ? 'product' : 'website'
  const other = editions.find((e) => e.locale !== locale)
  const og = [
    `<meta property="og:type" content="${ogType}">`,
    `<meta property="og:site_name" content="${escapeHtml(site)}">`,
    `<meta property="og:title" content="${escapeHtml(seo.title ?? record?.title ?? sectionTitle)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonicalUrl)}">`,
    `<meta property="og:locale" content="${OG_LOCALE[locale]}">`,
    ...(other ? [`<meta property="og:locale:alternate" content="${OG_LOCALE[other.locale]}">`] : []),
  ]

  const jsonLd = [
    breadcrumbs(plan, record, t, (path) => url(locale, path)),
    ...structuredRecord(plan, record, payload, canonicalUrl, site, t),
  ]

  return {
    title,
    tags: [
      `<meta name="description" content="${escapeHtml(description)}">`,
      `<link rel="canonical" href="${escapeHtml(canonicalUrl)}">`,
      ...hreflang,
      ...og,
      ...jsonLd.map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
    ].join('\n    '),
  }
}

interface Named {
  marketType?: string
  marketTypeName?: string
}

/** The filtered category's name on a list page, from the same facet the screen reads. */
function categoryName(plan: RenderPlan, payload: PagePayload): string | undefined {
  const { route, params } = plan.resolved
  const find = (list: unknown, value: string | undefined) =>
    value && Array.isArray(list) ? (list as Named[]).find((item) => item?.marketType === value)?.marketTypeName : undefined
  if (route.screen === 'reports') return find((payload.list as { categories?: unknown } | null)?.categories, params.activeIndustryType)
  if (route.screen === 'bulletins' || route.screen === 'news') return find(payload.categories, params.marketType)
  return undefined
}

type T = (id: MessageId, values?: Record<string, string | number>) => string

function breadcrumbs(plan: RenderPlan, record: RecordLike | undefined, t: T, url: (path: string) => string) {
  const { route } = plan.resolved
  const items: Array<{ name: string; path?: string }> = [{ name: t('common.home'), path: '/' }]
  const section: Partial<Record<string, { name: string; path: string }>> = {
    reports: { name: t('title.reports'), path: paths.reports() },
    reportDetail: { name: t('title.reports'), path: paths.reports() },
    bulletins: { name: t('title.bulletin'), path: paths.bulletins() },
    bulletinDetail: { name: t('title.bulletin'), path: paths.bulletins() },
    news: { name: t('title.news'), path: paths.news() },
    newsDetail: { name: t('title.news'), path: paths.news() },
  }
  const parent = section[route.screen]
  if (route.screen !== 'home') {
    if (parent) items.push(parent)
    if (record?.title) items.push({ name: record.title, path: canonicalPath(plan, record) })
    else if (!parent || parent.name !== t(route.titleId)) items.push({ name: t(route.titleId), path: canonicalPath(plan) })
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      ...(item.path ? { item: url(item.path) } : {}),
    })),
  }
}

function structuredRecord(
  plan: RenderPlan,
  record: RecordLike | undefined,
  payload: PagePayload,
  pageUrl: string,
  site: string,
  t: T,
): object[] {
  if (!record) return []
  const publisher = { '@type': 'Organization', name: site }
  const screen = plan.resolved.route.screen
  if (screen === 'reportDetail') {
    const report = payload.report as ReportDetail
    const currency = (report.currency || (plan.locale === 'zh-CN' ? 'CNY' : 'USD')).toUpperCase()
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: report.title,
        description: plainText(report.outline, 500),
        ...(report.reportCode ? { sku: report.reportCode } : {}),
        ...(report.marketTypeName ? { category: report.marketTypeName } : {}),
        brand: { '@type': 'Brand', name: site },
        url: pageUrl,
        offers: (report.prices ?? []).map((p) => ({
          '@type': 'Offer',
          name: `${t(`reports.edition.${p.edition}` as MessageId)} - ${t(`reports.licence.${p.licence}` as MessageId)}`,
          price: p.price,
          priceCurrency: currency === 'RMB' ? 'CNY' : currency,
          availability: 'https://schema.org/InStock',
          url: pageUrl,
          seller: publisher,
        })),
      },
    ]
  }
  return [
    {
      '@context': 'https://schema.org',
      '@type': screen === 'newsDetail' ? 'NewsArticle' : 'Article',
      headline: record.title,
      description: plainText(record.outline, 500),
      ...(record.publishDate ? { datePublished: record.publishDate.slice(0, 10) } : {}),
      inLanguage: plan.locale,
      mainEntityOfPage: pageUrl,
      author: publisher,
      publisher,
    },
  ]
}
