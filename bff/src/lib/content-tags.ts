// Tags name what a cached answer, rendered page or sitemap holds, so ops can
// purge just what shows one report, one dictionary or one language (as
// Varnish's xkey or Cloudflare's cache tags do) instead of everything.

import { CALLS, type CallAddress } from '@rpt/contract'

export const langTag = (lang: string) => `lang:${lang}`
export const reportTag = (webTitle: string) => `report:${webTitle}`
export const reportIdTag = (id: string | number) => `report-id:${id}`
/**
 * Everything that lists a kind of record (lists, search answers, facet
 * counts, hot reports, home, sitemaps): publishing or taking one down changes
 * them all, while the pages of the other kinds stay cached.
 */
export const COLLECTIONS = ['reports', 'bulletins', 'news'] as const
export type Collection = (typeof COLLECTIONS)[number]
export const collectionTag = (collection: Collection) => `collection:${collection}`

// Each call group's answers list one collection; read from the contract, so a new call of a group is tagged without a change here.
const COLLECTION_OF_PATH = new Map<string, Collection>(
  (
    [
      [CALLS.researchReport, 'reports'],
      [CALLS.home, 'reports'],
      [CALLS.researchBriefReport, 'bulletins'],
      [CALLS.marketInfo, 'news'],
    ] as const
  ).flatMap(([group, collection]) => Object.values(group).map((call: CallAddress) => [call.path, collection] as const)),
)

/** The collection a legacy call's answer lists, by its path (undefined for dictionaries, configuration, the carousel). */
export function collectionOfPath(path: string): Collection | undefined {
  return COLLECTION_OF_PATH.get(path)
}

/** A page path as requested (/en/reports/x, /sitemaps/zh-reports-1.xml) */
export const urlTag = (path: string) => `url:${path}`

/** A dictionary type and, for an English one (reports_category_en), its base type: purging the base purges both editions. */
export function dictTags(dictType: string): string[] {
  const tags = [`dict:${dictType}`]
  if (dictType.endsWith('_en')) tags.push(`dict:${dictType.slice(0, -3)}`)
  return tags
}

/** A report, or each of a list of reports, by webTitle and id. */
export function reportTags(value: unknown): string[] {
  const tags: string[] = []
  const add = (item: unknown) => {
    if (!item || typeof item !== 'object') return
    const { id, webTitle } = item as { id?: unknown; webTitle?: unknown }
    if (typeof webTitle === 'string' && webTitle) tags.push(reportTag(webTitle))
    if ((typeof id === 'string' && id) || typeof id === 'number') tags.push(reportIdTag(id))
  }
  if (Array.isArray(value)) value.forEach(add)
  else add(value)
  return tags
}

/** A language's carousel: its answers and the home pages that show it (staff's updateCarousel purges it). */
export const carouselTag = (lang: string) => `carousel:${lang}`

/** A configuration key: the answers holding it and the pages whose layout shows it (staff's updateConfig purges it). */
export const configTag = (key: string) => `config:${key}`

/** The keys a configuration call asks for: findListByKeys' comma-separated keys, or form's configKey. */
export function configTags(params: Record<string, unknown> | undefined): string[] {
  const keys = typeof params?.keys === 'string' ? params.keys.split(',') : []
  if (typeof params?.configKey === 'string') keys.push(params.configKey)
  return [...new Set(keys.map((key) => key.trim()).filter((key) => key !== ''))].map(configTag)
}
