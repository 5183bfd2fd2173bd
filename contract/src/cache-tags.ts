// The cache tags, declared once for the core API and the BFF. A tag names what
// a cached answer, rendered page or sitemap holds, so ops can purge just what
// shows one report, one dictionary or one language (as Varnish's xkey or
// Cloudflare's cache tags do) instead of everything: the BFF puts them on what
// it caches, and the core API records the tags each content change touched in
// the outbox (content_change) the BFFs poll and purge. Their string values are
// stored (the outbox, recorded fixtures) and read by BFFs and core APIs of
// different releases during a rolling upgrade: never change one.

/** A language's answers and pages */
export const langTag = (lang: string) => `lang:${lang}`

/** A report by its slug (webTitle) */
export const reportTag = (webTitle: string) => `report:${webTitle}`

/** A report edition by its row id */
export const reportIdTag = (id: string | number) => `report-id:${id}`

/** A bulletin or news article by its slug, and by its row id (the core API records them on each change of one) */
export const articleTag = (kind: 'bulletin' | 'news', slug: string) => `${kind}:${slug}`
export const articleIdTag = (kind: 'bulletin' | 'news', id: string | number) => `${kind}-id:${id}`

/**
 * Everything that lists a kind of record (lists, search answers, facet
 * counts, hot reports, home, sitemaps): publishing or taking one down changes
 * them all, while the pages of the other kinds stay cached.
 */
export const COLLECTIONS = ['reports', 'bulletins', 'news'] as const
export type Collection = (typeof COLLECTIONS)[number]
export const collectionTag = (collection: Collection): string => `collection:${collection}`

export const COLLECTION_REPORTS = collectionTag('reports')
export const COLLECTION_BULLETINS = collectionTag('bulletins')
export const COLLECTION_NEWS = collectionTag('news')

/** A page path as requested (/en/reports/x, /sitemaps/zh-reports-1.xml) */
export const urlTag = (path: string) => `url:${path}`

/** A dictionary type's entries (reports_category, reports_category_en) */
export const dictTag = (dictType: string) => `dict:${dictType}`

/** A dictionary type and, for an English one (reports_category_en), its base type: purging the base purges both editions. */
export function dictTags(dictType: string): string[] {
  const tags = [dictTag(dictType)]
  if (dictType.endsWith('_en')) tags.push(dictTag(dictType.slice(0, -3)))
  return tags
}

/** A language's carousel: its answers and the home pages that show it (staff's updateCarousel purges it). */
export const carouselTag = (lang: string) => `carousel:${lang}`

/** A configuration key: the answers holding it and the pages whose layout shows it (staff's updateConfig purges it). */
export const configTag = (key: string) => `config:${key}`
