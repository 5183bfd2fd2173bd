import type { Lang } from '../../../platform/errors.ts'
import type { AnswerCache } from '../answer-cache.ts'
import type { CountedKeywords } from '../counted-keywords.ts'
import type { Facets } from '../facets.ts'
import type { CountBucket } from '../keyword-counts.ts'
import type { SearchLanes } from '../gates.ts'
import type { ListRow } from '../list-rows.ts'
import type { SearchDb } from '../search-db.ts'
import type { SearchSettings } from '../settings.ts'

/** A page of the list: its rows in the list's order, and the list's total and facets. */
export interface SearchPage {
  rows: ListRow[]
  facets: Facets
}

/** What the plans share: the database, what is kept, the gates, the counted keywords and the settings. */
export interface SearchContext {
  db: SearchDb
  cache: AnswerCache
  lanes: SearchLanes
  counted: CountedKeywords
  settings: SearchSettings
}

/** A keyword's kept counts in a language ('' for the plain list) as of one version, read when not kept; null when not counted. */
export function countedBuckets(ctx: SearchContext, version: string, lang: Lang, keyword: string): Promise<CountBucket[] | null> {
  return ctx.cache.countedBuckets(version, lang, keyword, () => ctx.counted.read(lang, keyword))
}
