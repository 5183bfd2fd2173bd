import type { Facets } from './facets.ts'
import type { CountBucket } from './keyword-counts.ts'
import { COUNTED_MEMO_ENTRIES, FACET_MEMO_ENTRIES, KEYWORD_MEMO_IDS, WALKED_PAGES } from './settings.ts'

/** A keyword answer under one set of filters and one order: its facets and every match's id, in order. */
export interface KeywordAnswer {
  facets: Facets
  ids: Uint32Array | Float64Array
}

/**
 * What the search keeps between requests, all of it of one catalogue
 * version (research_report_version, bumped by every report write):
 * - facet counts of a plain list per filter set, and keyword answers per
 *   keyword, filters and order, keyed by the version, so an older version's
 *   are never found again and age out (oldest, or longest unused, first);
 * - counted keywords' summed buckets and walked pages' ids, dropped all at
 *   once when a newer version is seen.
 * Each entry is the promise of its answer: concurrent askers share one
 * query, and a failed one is forgotten.
 */
export class AnswerCache {
  private readonly facetMemo = new Map<string, Promise<Facets>>()
  private readonly keywordMemo = new Map<string, { answer: Promise<KeywordAnswer>; ids: number }>()
  private keywordMemoIds = 0
  /** The counted keywords' buckets per lang|keyword, of countedVersion; null: not counted (as of that version). */
  private readonly countMemo = new Map<string, Promise<CountBucket[] | null>>()
  private countedVersion: string | undefined
  /** Walked pages' ids per keyword answer key (version included) and page: asked again, a page is not walked again. */
  private readonly walkMemo = new Map<string, Promise<string[]>>()

  /** A plain list's facet counts under one version (key: its filters); not kept without a version. */
  facets(version: string | undefined, key: string, count: () => Promise<Facets>): Promise<Facets> {
    const current = version !== undefined
    const versioned = `${version}|${key}`
    if (current) {
      const kept = this.facetMemo.get(versioned)
      if (kept) return kept
    }
    const counting = count()
    if (current) {
      this.facetMemo.set(versioned, counting)
      counting.catch(() => this.facetMemo.delete(versioned))
      // Oldest first: a new version makes every older key dead weight.
      while (this.facetMemo.size > FACET_MEMO_ENTRIES) this.facetMemo.delete(this.facetMemo.keys().next().value!)
    }
    return counting
  }

  /** A kept keyword answer (key: version, order, conditions), made the most recently used. */
  keptAnswer(key: string): Promise<KeywordAnswer> | undefined {
    const kept = this.keywordMemo.get(key)
    if (!kept) return undefined
    // Most recently used last, so eviction takes the longest unused.
    this.keywordMemo.delete(key)
    this.keywordMemo.set(key, kept)
    return kept.answer
  }

  /** Keeps a keyword answer being read; once read, its ids count against KEYWORD_MEMO_IDS. */
  keepAnswer(key: string, answer: Promise<KeywordAnswer>): void {
    const entry = { answer, ids: 0 }
    this.keywordMemo.set(key, entry)
    answer.then(
      (found) => {
        if (this.keywordMemo.get(key) !== entry) return
        entry.ids = found.ids.length
        this.keywordMemoIds += entry.ids
        this.trimKeywordMemo()
      },
      () => {
        if (this.keywordMemo.get(key) === entry) this.keywordMemo.delete(key)
      },
    )
  }

  /** Drops the longest unused keyword answers while more ids are kept than KEYWORD_MEMO_IDS, and any of an older version. */
  private trimKeywordMemo() {
    for (const [key, entry] of this.keywordMemo) {
      if (this.keywordMemoIds <= KEYWORD_MEMO_IDS && this.keywordMemo.size <= FACET_MEMO_ENTRIES) break
      this.keywordMemo.delete(key)
      this.keywordMemoIds -= entry.ids
    }
  }

  /** A walked page's ids (key: its answer's key and the page), walked once while its version is current. */
  walkedPage(key: string, walk: () => Promise<string[]>): Promise<string[]> {
    let ids = this.walkMemo.get(key)
    if (!ids) {
      const walking = walk()
      ids = walking
      this.walkMemo.set(key, walking)
      walking.catch(() => this.walkMemo.delete(key))
      while (this.walkMemo.size > WALKED_PAGES) this.walkMemo.delete(this.walkMemo.keys().next().value!)
    }
    return ids
  }

  /**
   * A keyword's summed counts in a language as of one version; null
   * when it is not counted, which is not kept: the keyword may be counted
   * within this version, by this instance or another, and its next lists
   * should find it.
   */
  countedBuckets(version: string, lang: string, keyword: string, read: () => Promise<CountBucket[] | null>): Promise<CountBucket[] | null> {
    this.forgetOlderVersions(version)
    const key = `${lang}|${keyword}`
    const kept = this.countMemo.get(key)
    if (kept) return kept
    const reading: Promise<CountBucket[] | null> = read().then((buckets) => {
      if (buckets === null && this.countMemo.get(key) === reading) this.countMemo.delete(key)
      return buckets
    })
    this.countMemo.set(key, reading)
    reading.catch(() => this.countMemo.delete(key))
    while (this.countMemo.size > COUNTED_MEMO_ENTRIES) this.countMemo.delete(this.countMemo.keys().next().value!)
    return reading
  }

  /** The kept counts and walked pages are of one catalogue version: a newer one drops them all. */
  private forgetOlderVersions(version: string) {
    // Forwards only: a request that read the version just before a write committed must not drop the newer counts.
    if (this.countedVersion !== undefined && BigInt(version) <= BigInt(this.countedVersion)) return
    this.countedVersion = version
    this.countMemo.clear()
    this.walkMemo.clear()
  }
}
