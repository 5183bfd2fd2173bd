// Tags name what a cached answer, rendered page or sitemap holds, so ops can
// purge just what shows one report, one dictionary or one language (as
// Varnish's xkey or Cloudflare's cache tags do) instead of everything. The
// tags themselves are the contract's (@rpt/contract's cache-tags.ts), which the
// core API records on each content change; here is what only the BFF does
// with them: which tags an answer of the legacy contract gets.

import { CALLS, configTag, reportIdTag, reportTag, type CallAddress, type Collection } from '@rpt/contract'

export {
  carouselTag,
  collectionTag,
  COLLECTIONS,
  configTag,
  dictTags,
  langTag,
  reportIdTag,
  reportTag,
  urlTag,
  type Collection,
} from '@rpt/contract'

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

/** The keys a configuration call asks for: findListByKeys' comma-separated keys, or form's configKey. */
export function configTags(params: Record<string, unknown> | undefined): string[] {
  const keys = typeof params?.keys === 'string' ? params.keys.split(',') : []
  if (typeof params?.configKey === 'string') keys.push(params.configKey)
  return [...new Set(keys.map((key) => key.trim()).filter((key) => key !== ''))].map(configTag)
}
