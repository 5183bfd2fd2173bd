import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { DatabaseError, QueryTypes, type Sequelize } from 'sequelize'
import type { Lang } from '../../errors.ts'
import { AppError } from '../../errors.ts'
import { currencyFor, PRICE_LIMITS, PRICE_OVER_VALUE, priceBand, priceBandLabel, roundListPrice } from '../../lib/pricing.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'
import { SearchGate } from '../../lib/search-gate.ts'
import { bucketFacetRows, bucketFilters, bucketTotal, compactKeywordCounts, type BucketFacetRow, type CountBucket, type ReportListFilters } from '../../lib/keyword-counts.ts'
import { addKeywordCondition, addKeywordSubstringCondition, Conditions, normalizeKeyword } from '../../lib/sql.ts'
import { countKey, EDITIONS, LICENCES, priceKey, type ConfigService, type Edition, type Licence } from './config-service.ts'
import type { DictService } from './dict-service.ts'

export interface ReportListQuery extends ReportListFilters {
  lang: Lang
  pageNo: number
  pageSize: number
  keyword?: string
  sort?: 'latest' | 'price-asc' | 'price-desc'
}

export interface ReportListItem {
  id: string
  title: string
  webTitle: string
  marketType: string
  marketTypeName: string
  reportCode: string
  publishDate: string
  lang: string
  outline: string
  pageNum: number | null
  chart: number | null
  reportRegion: string
  price: number | null
  multiPrice: number | null
  enterprisePrice: number | null
  currency: string
  filePath: string | null
  fileName: string | null
}

export interface PriceCell {
  edition: Edition
  licence: Licence
  price: number
}

export interface ReportDetail extends ReportListItem {
  context: string
  directory: string
  reportScope: string
  contextHtml: string
  directoryHtml: string
  reportScopeHtml: string
  chartsHtml: string
  hasFile: boolean
  prices: PriceCell[]
  alternates: { lang: string; webTitle: string }[]
}

const LIST_COLUMNS = `
  r.id, r.title, r.web_title AS "webTitle", r.market_type AS "marketType", r.report_code AS "reportCode",
  to_char(r.publish_date, 'YYYY-MM-DD') AS "publishDate", r.lang, r.outline, r.page_num AS "pageNum", r.chart,
  r.report_region AS "reportRegion", r.price::float8 AS price, r.multi_price::float8 AS "multiPrice", r.enterprise_price::float8 AS "enterprisePrice",
  r.file_path AS "filePath", r.file_name AS "fileName"`

const ORDER_BY: Record<NonNullable<ReportListQuery['sort']>, string> = {
  latest: 'r.publish_date DESC, r.id DESC',
  'price-asc': 'r.price ASC NULLS LAST, r.publish_date DESC, r.id DESC',
  'price-desc': 'r.price DESC NULLS LAST, r.publish_date DESC, r.id DESC',
}

/** Each order read from its other end: a page past the middle of the list is read backwards (see plainList). */
const REVERSED_ORDER_BY: Record<NonNullable<ReportListQuery['sort']>, string> = {
  latest: 'r.publish_date ASC, r.id ASC',
  'price-asc': 'r.price DESC NULLS FIRST, r.publish_date ASC, r.id ASC',
  'price-desc': 'r.price ASC NULLS FIRST, r.publish_date ASC, r.id ASC',
}

type Filter = 'keyword' | 'marketType' | 'reportRegion' | 'price' | 'publishDate'

/** A facet row as facetSelect groups it (bucketFacetRows makes the same from kept counts). */
type FacetRow = BucketFacetRow

/**
 * Newest year first: b.localeCompare(a) as it was, by code unit when both
 * are digits only (to_char's YYYY), where the collation's order is the
 * same. The first localeCompare of a process loads ICU's collation data,
 * some 2 MB of the Node binary's data that then stay resident.
 */
function newestYearFirst(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return a < b ? 1 : a > b ? -1 : 0
  return b.localeCompare(a)
}

function summarizeFacets(rows: FacetRow[]) {
  const categories = new Map<string, number>()
  const bands = new Array<number>(PRICE_LIMITS.length + 1).fill(0)
  const years = new Map<string, number>()
  let total = 0
  for (const row of rows) {
    categories.set(row.marketType, (categories.get(row.marketType) ?? 0) + row.byCategory)
    if (row.band !== null) bands[row.band] = (bands[row.band] ?? 0) + row.byBand
    years.set(row.year, (years.get(row.year) ?? 0) + row.byYear)
    total += row.total
  }
  // The "under" bands are cumulative (under 12000 includes under 8000); "over" is the last band alone.
  const cumulative = PRICE_LIMITS.map((_, i) => bands.slice(0, i + 1).reduce((sum, n) => sum + n, 0))
  return {
    total,
    categories,
    prices: [...PRICE_LIMITS.map((limit, i) => ({ value: limit as number, marketCount: cumulative[i]! })), { value: PRICE_OVER_VALUE, marketCount: bands[PRICE_LIMITS.length]! }],
    publishDates: [...years].filter(([, n]) => n > 0).sort(([a], [b]) => newestYearFirst(a, b)).map(([publishDateValue, marketCount]) => ({ publishDateValue, marketCount })),
  }
}

/** Distinct filter combinations whose facet counts are kept (each a few hundred bytes). */
const FACET_MEMO_ENTRIES = 500

/** work_mem of a search query (at most SEARCH_CONCURRENCY of them run at once) */
const SEARCH_WORK_MEM = '64MB'

/** A keyword matching this many reports of a language or more is broad: its searches take the broad lane of the cap. */
const BROAD_MATCHES = 10_000
/** Keywords whose match count is remembered for choosing a lane. */
const MATCH_COUNT_ENTRIES = 10_000

/** Match ids kept for keyword answers, all entries together (4 bytes each below 2^32, else 8: 16 MB). */
const KEYWORD_MEMO_IDS = 4_000_000

/**
 * The most rows a counted keyword's page may walk along the order index
 * (the rows before it in the list, matches or not). Each is a heap visit in
 * the index's order, not the table's: 0.5 µs from shared buffers, about
 * 2.5 µs from the OS cache (EXPLAIN ANALYZE at a million reports), so 20–100
 * ms. A page further in is read from all the matches instead (and kept).
 */
const WALK_ROWS = 40_000
/** Keywords whose summed counts are kept (each some thousands of buckets at most: categories × regions × bands × years). */
const COUNTED_MEMO_ENTRIES = 100
/** Walked pages whose ids are kept (each at most a page's ids). */
const WALKED_PAGES = 2_000
/** Keywords counted on write, per language (each costs every report write a substring test). */
const COUNTED_KEYWORDS = 256
/** A keyword's count rows are folded back into one per bucket once there are this many more than buckets. */
const COUNT_ROWS_SLACK = 512

type Facets = ReturnType<typeof summarizeFacets>

/** A keyword answer under one set of filters and one order: its facets and every match's id, in order. */
interface KeywordAnswer {
  facets: Facets
  ids: Uint32Array | Float64Array
}

export interface SearchLimits {
  /** Searches that may query the database at once */
  concurrency: number
  /** How long one waits for its turn before the busy answer */
  queueMs: number
  /** statement_timeout of a search query */
  statementTimeoutMs: number
  /** A keyword matching this many reports of a language or more is counted on write from then on */
  countedMatches: number
}

/** A year of the publishDates facet, labelled (marketTypeName, as earlier clients read every facet's label). */
function yearFacet(year: { publishDateValue: string; marketCount: number }, lang: Lang) {
  // Object.assign, not { ...year, marketTypeName }: see presentListItem.
  return Object.assign({}, year, { marketTypeName: lang === 'en-US' ? year.publishDateValue : `${year.publishDateValue}年` })
}

export class ReportService {
  private readonly facetMemo = new Map<string, Promise<Facets>>()
  private readonly keywordMemo = new Map<string, { answer: Promise<KeywordAnswer>; ids: number }>()
  private keywordMemoIds = 0
  /** Two lanes under one cap: broad keywords take at most half of it, so selective searches always find a free slot. */
  private readonly selectiveGate: SearchGate
  private readonly broadGate: SearchGate
  /** How many reports each recently searched keyword matched (lang|keyword), to send a broad one to its lane. */
  private readonly matchCounts = new Map<string, number>()
  /** The counted keywords' buckets per lang|keyword, of countedVersion; null: not counted (as of that version). */
  private readonly countMemo = new Map<string, Promise<CountBucket[] | null>>()
  private countedVersion: string | undefined
  /** Walked pages' ids per keyword answer key (version included) and page: asked again, a page is not walked again. */
  private readonly walkMemo = new Map<string, Promise<string[]>>()
  /** Keywords this process has started counting (lang|keyword), and the work of those not done yet. */
  private readonly counting = new Map<string, Promise<void> | undefined>()

  constructor(
    private readonly sequelize: Sequelize,
    private readonly dicts: DictService,
    private readonly configs: ConfigService,
    private readonly limits: SearchLimits = { concurrency: 4, queueMs: 2000, statementTimeoutMs: 30_000, countedMatches: 10_000 },
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    const broad = Math.max(1, Math.floor(limits.concurrency / 2))
    this.broadGate = new SearchGate(broad, limits.queueMs)
    this.selectiveGate = new SearchGate(Math.max(1, limits.concurrency - broad), limits.queueMs)
  }

  /** The catalogue version (research_report_version): kept answers are valid for one version only. */
  private async catalogueVersion(): Promise<string | undefined> {
    const [current] = await this.select<{ version: string }>(`SELECT version::text AS version FROM research_report_version WHERE id = 1`, [])
    return current?.version
  }

  /** Each filter of the query as a bound SQL expression, keyed by the facet it belongs to. */
  private filterExpressions(query: ReportListQuery, c: Conditions): Partial<Record<Exclude<Filter, 'keyword'>, string>> {
    const parts: Partial<Record<Exclude<Filter, 'keyword'>, string[]>> = {}
    const push = (filter: Exclude<Filter, 'keyword'>, sql: string, ...values: unknown[]) => {
      ;(parts[filter] ??= []).push(c.expression(sql, ...values))
    }
    if (query.marketType) push('marketType', `r.market_type = ?`, query.marketType)
    if (query.reportRegion) push('reportRegion', `r.report_region = ?`, query.reportRegion)
    if (query.price !== undefined) {
      const band = priceBand(query.price)
      if (band.kind === 'over') push('price', `r.price > ?`, band.limit)
      else push('price', `r.price <= ?`, band.limit)
    }
    if (query.priceStr !== undefined) push('price', `r.price >= ?`, query.priceStr)
    if (query.priceEnd !== undefined) push('price', `r.price <= ?`, query.priceEnd)
    if (query.publishDate) {
      const year = Number(query.publishDate.slice(0, 4))
      push('publishDate', `r.publish_date >= ?::date AND r.publish_date < ?::date`, `${year}-01-01`, `${year + 1}-01-01`)
    }
    if (query.publishDateStr) push('publishDate', `r.publish_date >= ?::date`, query.publishDateStr)
    if (query.publishDateEnd) push('publishDate', `r.publish_date <= ?::date`, query.publishDateEnd)
    return Object.fromEntries(Object.entries(parts).map(([filter, list]) => [filter, list.join(' AND ')]))
  }

  /** Conditions for the query, leaving out one filter so its facet counts what choosing it would give. */
  private conditions(query: ReportListQuery, without?: Filter): Conditions {
    const c = new Conditions().add(`r.lang = ?`, query.lang).add(`r.status = '0'`)
    if (without !== 'keyword') addKeywordCondition(c, query.keyword, 'r')
    for (const [filter, sql] of Object.entries(this.filterExpressions(query, c))) {
      if (filter !== without) c.add(sql)
    }
    return c
  }

  /**
   * The facet part of a list query: each facet counts with the other filters
   * applied (FILTER), so four scans of the catalogue become one.
   */
  private facetSelect(filters: Partial<Record<Exclude<Filter, 'keyword'>, string>>, from: string): string {
    const allBut = (facet?: Exclude<Filter, 'keyword'>) => {
      const kept = Object.entries(filters).filter(([filter]) => filter !== facet).map(([, sql]) => `(${sql})`)
      return kept.length > 0 ? kept.join(' AND ') : 'TRUE'
    }
    const bandCase = `CASE ${PRICE_LIMITS.map((limit, i) => `WHEN r.price <= ${limit} THEN ${i}`).join(' ')} WHEN r.price > ${PRICE_LIMITS[PRICE_LIMITS.length - 1]} THEN ${PRICE_LIMITS.length} END`
    return `SELECT r.market_type AS "marketType", ${bandCase} AS band, to_char(r.publish_date, 'YYYY') AS year,
              count(*) FILTER (WHERE ${allBut('marketType')})::int AS "byCategory",
              count(*) FILTER (WHERE ${allBut('price')})::int AS "byBand",
              count(*) FILTER (WHERE ${allBut('publishDate')})::int AS "byYear",
              count(*) FILTER (WHERE ${allBut()})::int AS total
         FROM ${from} GROUP BY 1, 2, 3`
  }

  /**
   * Every facet of the list and its total in one pass over the matching
   * reports: an index-only scan without a keyword. The same counts serve
   * every page and every visitor until a report changes, so they are kept
   * per catalogue version (research_report_version, bumped by every write).
   */
  private async facetCounts(query: ReportListQuery) {
    const c = new Conditions().add(`r.lang = ?`, query.lang).add(`r.status = '0'`)
    const filters = this.filterExpressions(query, c)
    const version = await this.catalogueVersion()
    const current = version !== undefined
    // Filters the kept counts answer (no free price or date range): summed from the plain list's buckets.
    const counted = bucketFilters(query)
    if (current && counted) {
      const buckets = await this.countedBuckets(version, query.lang, '')
      if (buckets) return summarizeFacets(bucketFacetRows(buckets, counted))
    }
    const key = `${version}|${JSON.stringify(c.params)}|${JSON.stringify(filters)}`
    if (current) {
      const kept = this.facetMemo.get(key)
      if (kept) return kept
    }
    const counting = this.select<FacetRow>(this.facetSelect(filters, `research_report r ${c.where}`), c.params).then(summarizeFacets)
    if (current) {
      this.facetMemo.set(key, counting)
      counting.catch(() => this.facetMemo.delete(key))
      // Oldest first: a new version makes every older key dead weight.
      while (this.facetMemo.size > FACET_MEMO_ENTRIES) this.facetMemo.delete(this.facetMemo.keys().next().value!)
    }
    return counting
  }

  /**
   * A keyword list: the matches are read once, from the narrow
   * research_report_search (see its migration), and both the facets and
   * the order of every match are made from them; only the page's rows are
   * read from the wide table. The search index finds the matches first; left
   * to itself the planner may walk the date index hoping to meet ten matches
   * early, and read the whole catalogue when a keyword matches little or
   * nothing in the language.
   *
   * Reading the matches costs in proportion to how many there are: a broad
   * keyword (中国, market) or a symbol (%, .) matches every report, 100 ms
   * and more at 100,000 reports. So the answer, facets and ordered ids, is
   * kept per (keyword, filters, order, catalogue version), as the keyword-less
   * facet counts are: every page of it, and every visitor asking it again,
   * is then a slice of the ids and one read of the page's rows, until a
   * report changes. Concurrent askers of the same answer share one query.
   *
   * A keyword that matched countedMatches reports or more is counted on
   * write from then on (startCounting): under a new version its answer is
   * summed from those counts and its page walked (countedPage), so no
   * request reads its matches again, but for a page too deep to walk.
   */
  private async keywordList(query: ReportListQuery) {
    const c = new Conditions().add(`r.lang = ?`, query.lang).add(`r.status = '0'`)
    addKeywordCondition(c, query.keyword, 'r')
    const filters = this.filterExpressions(query, c)
    const sort = query.sort ?? 'latest'
    const version = await this.catalogueVersion()
    const key = `${version}|${sort}|${JSON.stringify(c.params)}|${JSON.stringify(filters)}`
    let kept = version !== undefined ? this.keywordMemo.get(key) : undefined
    if (kept) {
      // Most recently used last, so eviction takes the longest unused.
      this.keywordMemo.delete(key)
      this.keywordMemo.set(key, kept)
    } else {
      const walked = version !== undefined ? await this.countedPage(query, version, key) : undefined
      if (walked) return walked
      const answer = this.laneOf(query).run(() => this.keywordMatches(c, filters, sort, query))
      if (version !== undefined) {
        const entry = { answer, ids: 0 }
        kept = entry
        this.keywordMemo.set(key, entry)
        answer.then((found) => {
          if (this.keywordMemo.get(key) !== entry) return
          entry.ids = found.ids.length
          this.keywordMemoIds += entry.ids
          this.trimKeywordMemo()
        }, () => {
          if (this.keywordMemo.get(key) === entry) this.keywordMemo.delete(key)
        })
      } else {
        kept = { answer, ids: 0 }
      }
    }
    const { facets, ids } = await kept.answer
    const offset = (query.pageNo - 1) * query.pageSize
    const pageIds = Array.from(ids.subarray(Math.min(offset, ids.length), Math.min(offset + query.pageSize, ids.length)), (id) => String(id))
    return { rows: await this.rowsByIds(pageIds, query.lang, ORDER_BY[sort]), facets }
  }

  private matchKey(query: ReportListQuery): string {
    return `${query.lang}|${normalizeKeyword(query.keyword)}`
  }

  /**
   * A counted keyword's page without reading its matches: the facets and
   * total summed from its kept counts, the page's ids by walking the order
   * index from the nearer end and testing each row's text, as a plain list
   * reads its page. The walk passes the rows before the page, matches or
   * not: about (rows before it) ÷ (share of the index's range that matches),
   * from the plain list's counts. Undefined when the
   * keyword is not counted, a filter cuts through the buckets, or the walk
   * would be longer than WALK_ROWS (a page deep into a keyword matching a
   * few percent of the catalogue): the caller then reads every match.
   */
  private async countedPage(query: ReportListQuery, version: string, key: string) {
    const filters = bucketFilters(query)
    if (!filters) return undefined
    const [buckets, catalogue] = await Promise.all([
      this.countedBuckets(version, query.lang, normalizeKeyword(query.keyword)),
      this.countedBuckets(version, query.lang, ''),
    ])
    if (!buckets || !catalogue) return undefined
    const facets = summarizeFacets(bucketFacetRows(buckets, filters))
    const offset = (query.pageNo - 1) * query.pageSize
    if (offset >= facets.total) return { rows: [], facets }
    // The walk reads every report in the order index's range (a year for the latest first, a price band by price)
    // from the heap, to test the other filters and the keyword: that many per match it finds.
    const sort = query.sort ?? 'latest'
    const range = bucketTotal(catalogue, sort === 'latest' ? { year: filters.year } : { bands: filters.bands })
    const walk = (Math.max(0, Math.min(offset, facets.total - offset - query.pageSize)) + query.pageSize) * (range / facets.total)
    if (walk > WALK_ROWS) return undefined
    const pageKey = `${key}|${query.pageNo}|${query.pageSize}`
    let ids = this.walkMemo.get(pageKey)
    if (!ids) {
      const walking = this.selectiveGate.run(() => this.pageIds(query, facets.total, true))
      ids = walking
      this.walkMemo.set(pageKey, walking)
      walking.catch(() => this.walkMemo.delete(pageKey))
      while (this.walkMemo.size > WALKED_PAGES) this.walkMemo.delete(this.walkMemo.keys().next().value!)
    }
    return { rows: await this.rowsByIds(await ids, query.lang, ORDER_BY[sort]), facets }
  }

  /**
   * The kept counts of a keyword ('' for the plain list) in one language,
   * summed per bucket, as of one catalogue version; null when the keyword is
   * not counted (asked again next time). Count rows are added by every write,
   * so once they outnumber the buckets they are folded together (in the
   * background).
   */
  private countedBuckets(version: string, lang: Lang, keyword: string): Promise<CountBucket[] | null> {
    this.forgetOlderVersions(version)
    const key = `${lang}|${keyword}`
    const kept = this.countMemo.get(key)
    if (kept) return kept
    const reading: Promise<CountBucket[] | null> = this.select<{ counted: boolean; rows: number; buckets: CountBucket[] }>(
      `SELECT EXISTS (SELECT 1 FROM research_report_keyword WHERE lang = $1 AND keyword = $2) AS counted,
              (SELECT count(*)::int FROM research_report_keyword_count WHERE lang = $1 AND keyword = $2) AS rows,
              (SELECT coalesce(json_agg(b), '[]'::json) FROM (
                 SELECT market_type AS "marketType", report_region AS "reportRegion", band, year, sum(n)::int AS n
                   FROM research_report_keyword_count WHERE lang = $1 AND keyword = $2
                  GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0) b) AS buckets`,
      [lang, keyword],
    ).then(([found]) => {
      // Not kept when not counted: the keyword may be counted within this version, by this
      // instance's startCounting or another's, and its next lists should find it.
      if (!found?.counted) {
        if (this.countMemo.get(key) === reading) this.countMemo.delete(key)
        return null
      }
      if (found.rows > found.buckets.length + COUNT_ROWS_SLACK) void this.compactKeywordCounts(lang, keyword).catch(() => undefined)
      return found.buckets
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

  /** Folds count rows together (lib/keyword-counts.ts compactKeywordCounts). */
  compactKeywordCounts(lang?: Lang, keyword?: string): Promise<void> {
    return compactKeywordCounts(this.sequelize, lang === undefined ? undefined : { lang, keyword: keyword ?? '' })
  }

  /**
   * Counts a keyword on write from now on (at most COUNTED_KEYWORDS per
   * language), in the background: its buckets are filled from its matches
   * while report writers wait (SHARE), so that none is counted twice or
   * missed; a writer in the way makes it give up after lock_timeout, to be
   * tried again by a later search. It reads every match once, in the broad
   * lane, as the search that found them did.
   */
  private startCounting(lang: Lang, keyword: string) {
    const key = `${lang}|${keyword}`
    if (keyword === '' || this.counting.has(key)) return
    const work = this.broadGate.run(() => this.sequelize.transaction(async (transaction) => {
      const run = (sql: string, bind: unknown[]) => this.sequelize.query(sql, { bind, transaction })
      const select = (sql: string, bind: unknown[]) => this.sequelize.query(sql, { bind, type: QueryTypes.SELECT, transaction })
      await select(`SELECT set_config('lock_timeout', '2000', true), set_config('statement_timeout', $1, true), set_config('enable_seqscan', 'off', true), set_config('work_mem', '${SEARCH_WORK_MEM}', true)`, [String(this.limits.statementTimeoutMs)])
      await run(`LOCK TABLE research_report_search IN SHARE MODE`, [])
      const added = await select(
        `INSERT INTO research_report_keyword (lang, keyword)
         SELECT $1::varchar, $2::text WHERE (SELECT count(*) FROM research_report_keyword WHERE lang = $1::varchar) < ${COUNTED_KEYWORDS + 1}
         ON CONFLICT DO NOTHING RETURNING 1 AS added`,
        [lang, keyword],
      )
      if (added.length === 0) return
      const c = new Conditions().add(`r.lang = ?`, lang).add(`r.status = '0'`)
      addKeywordCondition(c, keyword, 'r')
      const k = c.bind(keyword)
      await run(
        `INSERT INTO research_report_keyword_count (lang, keyword, market_type, report_region, band, year, n)
         SELECT r.lang, ${k}, r.market_type, r.report_region, rpt_price_band(r.price), to_char(r.publish_date, 'YYYY'), count(*)
           FROM research_report_search r ${c.where} GROUP BY 1, 2, 3, 4, 5, 6`,
        c.params,
      )
    })).then(() => {
      this.counting.set(key, undefined)
    }, (error: unknown) => {
      // Busy, timed out or in a writer's way: a later search tries again.
      this.counting.delete(key)
      this.log?.warn({ err: error, lang }, 'a broad keyword could not be counted on write yet')
    })
    this.counting.set(key, work)
    // Bounded: the oldest settled keys go first (a settled one is only a note not to ask again).
    if (this.counting.size > MATCH_COUNT_ENTRIES) {
      for (const [oldKey, pending] of this.counting) {
        if (this.counting.size <= MATCH_COUNT_ENTRIES) break
        if (!pending) this.counting.delete(oldKey)
      }
    }
  }

  /** Resolves once the keywords being counted are in (or given up): for a close, and for tests. */
  async settled(): Promise<void> {
    await Promise.all([...this.counting.values()])
  }

  /**
   * The lane of a search that must query the database: broad when its
   * keyword is one character or symbols only (% . ，), or matched at least
   * BROAD_MATCHES reports when last asked (under any filters), as 中国 and
   * market do; selective otherwise.
   */
  private laneOf(query: ReportListQuery): SearchGate {
    const keyword = (query.keyword ?? '').trim()
    if ([...keyword].length <= 1 || !/[\p{L}\p{N}]/u.test(keyword)) return this.broadGate
    return (this.matchCounts.get(this.matchKey(query)) ?? 0) >= BROAD_MATCHES ? this.broadGate : this.selectiveGate
  }

  /** Drops the longest unused keyword answers while more ids are kept than KEYWORD_MEMO_IDS, and any of an older version. */
  private trimKeywordMemo() {
    for (const [key, entry] of this.keywordMemo) {
      if (this.keywordMemoIds <= KEYWORD_MEMO_IDS && this.keywordMemo.size <= FACET_MEMO_ENTRIES) break
      this.keywordMemo.delete(key)
      this.keywordMemoIds -= entry.ids
    }
  }

  /** Every match of a keyword under the filters: the facets, and the ids in the list's order. */
  private async keywordMatches(c: Conditions, filters: Partial<Record<Exclude<Filter, 'keyword'>, string>>, sort: NonNullable<ReportListQuery['sort']>, query: ReportListQuery): Promise<KeywordAnswer> {
    const all = Object.values(filters).map((sql) => `(${sql})`).join(' AND ') || 'TRUE'
    const [found] = await this.searchSelect<{ facets: FacetRow[]; ids: string; matches: number }>(
      `WITH m AS MATERIALIZED (SELECT r.id, r.market_type, r.report_region, r.price, r.publish_date FROM research_report_search r ${c.where}),
            facets AS (${this.facetSelect(filters, 'm r')})
       SELECT (SELECT coalesce(json_agg(f), '[]'::json) FROM facets f) AS facets,
              (SELECT coalesce(string_agg(r.id::text, ',' ORDER BY ${ORDER_BY[sort]}), '') FROM m r WHERE ${all}) AS ids,
              (SELECT count(*)::int FROM m) AS matches`,
      c.params,
    )
    // Filters narrow the answer, not the work: the keyword's own match count says which lane its next miss takes.
    const matchKey = this.matchKey(query)
    this.matchCounts.delete(matchKey)
    this.matchCounts.set(matchKey, found?.matches ?? 0)
    if (this.matchCounts.size > MATCH_COUNT_ENTRIES) this.matchCounts.delete(this.matchCounts.keys().next().value!)
    // A keyword this broad is counted on write from now on: its next lists, under any version, need not read its matches.
    if ((found?.matches ?? 0) >= this.limits.countedMatches) this.startCounting(query.lang, normalizeKeyword(query.keyword))
    const text = found?.ids ?? ''
    // Report ids are bigserial values: below 2^32 (every catalogue short of four
    // billion reports) each takes 4 bytes; past it a double still holds each exactly.
    const numbers = text === '' ? [] : text.split(',').map(Number)
    const ids = numbers.every((id) => id <= 0xffff_ffff) ? Uint32Array.from(numbers) : Float64Array.from(numbers)
    return { facets: summarizeFacets(found?.facets ?? []), ids }
  }

  /**
   * A page's rows, in the list's order. The ids come from an earlier
   * statement (another snapshot), so a report hidden or moved to the other
   * language in between must not come back with them.
   */
  private async rowsByIds(ids: string[], lang: Lang, order: string) {
    if (ids.length === 0) return []
    return this.select<Omit<ReportListItem, 'marketTypeName' | 'currency'>>(
      `SELECT ${LIST_COLUMNS} FROM research_report r WHERE r.id = ANY($1::bigint[]) AND r.lang = $2 AND r.status = '0' ORDER BY ${order}`,
      [ids, lang],
    )
  }

  /**
   * A search query with its own statement_timeout, in a transaction of its
   * own (SET LOCAL ends with it). A query that outlasts it is cancelled by
   * the database and answered the busy envelope, rather than holding a
   * connection and a core. enable_seqscan is off for it: a one-character
   * symbol (%, .) is in almost every report, and the planner then chose a
   * sequential scan that detoasts every report's gram array (stored out of
   * line) to test it, 1.2 s at 100,000 reports, where the gram index
   * answers the same rows without reading a single array. work_mem is
   * raised for it: with the default 4 MB the bitmap of a million matches
   * turned lossy, and rechecking the lossy pages detoasted 693,143 gram
   * arrays (11.3 s at 1,000,000 reports per language, 2.2 s with 64 MB).
   */
  private searchSelect<T extends object>(sql: string, bind: unknown[], plan: { bitmapScan?: boolean } = {}): Promise<T[]> {
    return this.sequelize.transaction(async (transaction) => {
      // Without bitmap scans the search indexes (GIN answers only those) are out of the plan: an order index is walked.
      const bitmap = plan.bitmapScan === false ? `, set_config('enable_bitmapscan', 'off', true)` : ''
      await this.sequelize.query(`SELECT set_config('statement_timeout', $1, true), set_config('enable_seqscan', 'off', true), set_config('work_mem', '${SEARCH_WORK_MEM}', true)${bitmap}`, {
        bind: [String(this.limits.statementTimeoutMs)],
        type: QueryTypes.SELECT,
        transaction,
      })
      return this.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT, transaction })
    }).catch((error: unknown) => {
      // 57014 query_canceled: the statement timeout.
      if (error instanceof DatabaseError && (error.parent as { code?: string } | undefined)?.code === '57014') throw new AppError('TOO_MANY_REQUESTS')
      throw error
    })
  }

  private select<T extends object>(sql: string, bind: unknown[]): Promise<T[]> {
    return this.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT })
  }

  async pageList(query: ReportListQuery) {
    const [{ rows, facets }, labels, dict] = await Promise.all([
      query.keyword?.trim() ? this.keywordList(query) : this.plainList(query),
      this.dicts.labels('reports_category', query.lang),
      this.dicts.list(query.lang === 'en-US' ? 'reports_category_en' : 'reports_category'),
    ])
    return {
      categories: dict.map((d) => ({ marketType: d.dictValue, marketTypeName: d.dictLabel, marketCount: facets.categories.get(d.dictValue) ?? 0 })),
      // price and marketTypeName: the legacy names of a band's value and label.
      prices: facets.prices.map((band) => ({ price: band.value, marketTypeName: priceBandLabel(band.value, query.lang), marketCount: band.marketCount })),
      publishDates: facets.publishDates.map((year) => yearFacet(year, query.lang)),
      pageList: {
        list: rows.map((row) => this.presentListItem(row, labels, query.lang)),
        count: facets.total,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      },
    }
  }

  /**
   * A list without a keyword. A page's ids come from research_report_search's
   * index in the list's order (an index-only scan: see the migration
   * report-search-pages), not from the wide table: sorted by price, the wide
   * table has no index in that order and sorted every report for each page,
   * and a deep page visited every wide row before it. A page past the middle
   * is read from the other end, so the last page costs what the first does;
   * the total it needs comes from the kept facet counts. Only the page's own
   * rows are read from research_report.
   */
  private async plainList(query: ReportListQuery) {
    const offset = (query.pageNo - 1) * query.pageSize
    const counting = this.facetCounts(query)
    // The first page needs no total: its ids are read beside the counts.
    const [ids, facets] = await Promise.all([offset === 0 ? this.pageIds(query, Infinity, false) : counting.then((counts) => this.pageIds(query, counts.total, false)), counting])
    return { rows: await this.rowsByIds(ids, query.lang, ORDER_BY[query.sort ?? 'latest']), facets }
  }

  /**
   * A page's ids in the list's order, read along research_report_search's
   * order index: forwards, or backwards from the end for a page past the
   * middle of the total. With walk, the query's keyword is tested on each
   * row's text as the index passes it (a counted keyword, see countedPage),
   * and the planner may not turn to the search index instead (which would
   * read every match); without it the keyword (if any) is left out.
   */
  private async pageIds(query: ReportListQuery, total: number, walk: boolean): Promise<string[]> {
    const sort = query.sort ?? 'latest'
    const offset = (query.pageNo - 1) * query.pageSize
    if (offset >= total) return []
    const c = new Conditions().add(`r.lang = ?`, query.lang).add(`r.status = '0'`)
    if (walk) addKeywordSubstringCondition(c, query.keyword, 'r')
    for (const sql of Object.values(this.filterExpressions(query, c))) c.add(sql)
    const backwards = offset + query.pageSize / 2 > total / 2
    // Backwards, the page is rows total - offset - pageSize .. total - offset of the reversed order.
    const skip = backwards ? Math.max(0, total - offset - query.pageSize) : offset
    const take = backwards ? Math.min(query.pageSize, total - offset) : query.pageSize
    const limit = c.bind(take)
    const skipped = c.bind(skip)
    const sql = `SELECT r.id::text AS id FROM research_report_search r ${c.where} ORDER BY ${(backwards ? REVERSED_ORDER_BY : ORDER_BY)[sort]} LIMIT ${limit} OFFSET ${skipped}`
    const found = walk ? await this.searchSelect<{ id: string }>(sql, c.params, { bitmapScan: false }) : await this.select<{ id: string }>(sql, c.params)
    const ids = found.map((row) => row.id)
    if (backwards) ids.reverse()
    return ids
  }

  /**
   * The same object as { ...row, marketTypeName, currency }, built with
   * Object.assign: Node 20's V8 makes a new hidden class (a map and its
   * descriptor array, in the old generation) for every object a spread
   * followed by more properties creates, so each listed report left about a
   * kilobyte of old-generation garbage behind and the API's heap grew by tens
   * of MB between full collections under load. Object.assign onto {} reuses
   * one hidden class, and is faster.
   */
  private presentListItem(row: Omit<ReportListItem, 'marketTypeName' | 'currency'>, labels: Map<string, string>, lang: Lang): ReportListItem {
    return Object.assign({}, row, { marketTypeName: labels.get(row.marketType) ?? row.marketType, currency: currencyFor(lang) })
  }

  /** Every category of the language's dictionary, with the count it would give under the other filters. */
  async categoryFacet(query: Pick<ReportListQuery, 'lang'> & Partial<ReportListQuery>) {
    const c = this.conditions({ pageNo: 1, pageSize: 1, ...query }, 'marketType')
    const [counts, dict] = await Promise.all([
      this.select<{ marketType: string; count: string }>(
        `SELECT r.market_type AS "marketType", count(*) AS count FROM research_report r ${c.where} GROUP BY r.market_type`,
        c.params,
      ),
      this.dicts.list(query.lang === 'en-US' ? 'reports_category_en' : 'reports_category'),
    ])
    const byType = new Map(counts.map((row) => [row.marketType, Number(row.count)]))
    return dict.map((d) => ({ marketType: d.dictValue, marketTypeName: d.dictLabel, marketCount: byType.get(d.dictValue) ?? 0 }))
  }

  async publishDateFacet(query: Pick<ReportListQuery, 'lang'> & Partial<ReportListQuery>) {
    const c = this.conditions({ pageNo: 1, pageSize: 1, ...query }, 'publishDate')
    const rows = await this.select<{ publishDateValue: string; marketCount: string }>(
      `SELECT to_char(date_trunc('year', r.publish_date), 'YYYY') AS "publishDateValue", count(*) AS "marketCount"
         FROM research_report r ${c.where} GROUP BY 1 ORDER BY 1 DESC`,
      c.params,
    )
    return rows.map((row) => yearFacet({ publishDateValue: row.publishDateValue, marketCount: Number(row.marketCount) }, query.lang))
  }

  async hotReports(lang: Lang, limit: number): Promise<ReportListItem[]> {
    const [rows, labels] = await Promise.all([
      this.select<Omit<ReportListItem, 'marketTypeName' | 'currency'>>(
        `SELECT ${LIST_COLUMNS} FROM research_report r WHERE r.lang = $1 AND r.status = '0' AND r.hot ORDER BY r.hot_sort, r.publish_date DESC LIMIT $2`,
        [lang, limit],
      ),
      this.dicts.labels('reports_category', lang),
    ])
    return rows.map((row) => this.presentListItem(row, labels, lang))
  }

  /**
   * One report by id or by slug. A slug may carry the id as its last
   * segment (legacy links look like some-title-123), so an unknown slug is
   * retried by that id.
   */
  async form(lang: Lang, by: { id?: string; webTitle?: string }): Promise<ReportDetail> {
    const row = await this.findOne(lang, by)
    if (!row) throw new AppError('REPORT_EMPTY')
    const [labels, prices, pageDefault, chartDefault, alternates] = await Promise.all([
      this.dicts.labels('reports_category', lang),
      this.priceTable(lang, row),
      this.configs.number(countKey(lang, row.reportRegion, 'page')),
      this.configs.number(countKey(lang, row.reportRegion, 'chart')),
      this.select<{ lang: string; webTitle: string }>(
        `SELECT lang, web_title AS "webTitle" FROM research_report WHERE report_code = $1 AND status = '0' ORDER BY lang`,
        [row.reportCode],
      ),
    ])
    // Sanitized again on the way out: rows may come from tools other than the seeder.
    const context = sanitizeRichText(row.context)
    const directory = sanitizeRichText(row.directory)
    const reportScope = sanitizeRichText(row.reportScope)
    // Object.assign onto the fresh list item, not a spread (see presentListItem).
    return Object.assign(this.presentListItem(row, labels, lang), {
      pageNum: row.pageNum ?? pageDefault ?? null,
      chart: row.chart ?? chartDefault ?? null,
      context,
      directory,
      reportScope,
      // The same, under the names earlier clients read.
      contextHtml: context,
      directoryHtml: directory,
      reportScopeHtml: reportScope,
      chartsHtml: sanitizeRichText(row.chartsHtml),
      hasFile: row.hasFile,
      prices,
      alternates,
    })
  }

  private async findOne(lang: Lang, by: { id?: string; webTitle?: string }) {
    type Row = Omit<ReportListItem, 'marketTypeName' | 'currency'> & Pick<ReportDetail, 'context' | 'directory' | 'reportScope' | 'chartsHtml' | 'hasFile'>
    const columns = `${LIST_COLUMNS}, r.context, r.directory, r.report_scope AS "reportScope", r.charts_html AS "chartsHtml", (r.attachment_key IS NOT NULL) AS "hasFile"`
    const byId = (id: string) => this.select<Row>(`SELECT ${columns} FROM research_report r WHERE r.id = $1 AND r.lang = $2 AND r.status = '0'`, [id, lang])
    if (by.id) return (await byId(by.id))[0]
    if (!by.webTitle) return undefined
    const [bySlug] = await this.select<Row>(`SELECT ${columns} FROM research_report r WHERE r.web_title = $1 AND r.lang = $2 AND r.status = '0'`, [by.webTitle, lang])
    if (bySlug) return bySlug
    const trailingId = /-([1-9][0-9]{0,17})$/.exec(by.webTitle)?.[1]
    return trailingId ? (await byId(trailingId))[0] : undefined
  }

  /**
   * Edition × licence prices. The configured defaults apply to every report;
   * a report's own price fields set its Standard edition, and its
   * Professional edition keeps the configured Professional:Standard ratio.
   */
  async priceTable(lang: Lang, report: { reportRegion: string; price: number | null; multiPrice: number | null; enterprisePrice: number | null }): Promise<PriceCell[]> {
    const own: Record<Licence, number | null> = { single: report.price, multi: report.multiPrice, enterprise: report.enterprisePrice }
    const cells: PriceCell[] = []
    for (const licence of LICENCES) {
      const configuredStandard = await this.configs.number(priceKey(lang, report.reportRegion, 'standard', licence))
      const configuredProfessional = await this.configs.number(priceKey(lang, report.reportRegion, 'professional', licence))
      const standard = own[licence] ?? configuredStandard
      let professional = configuredProfessional
      if (own[licence] !== null && configuredStandard && configuredProfessional) {
        professional = roundListPrice((own[licence] as number) * (configuredProfessional / configuredStandard))
      }
      for (const edition of EDITIONS) {
        const price = edition === 'standard' ? standard : professional
        if (price !== undefined && price !== null) cells.push({ edition, licence, price })
      }
    }
    return cells
  }

  /** The server's price for one edition × licence of a report, for orders. */
  async priceOf(lang: Lang, reportId: string, edition: Edition, licence: Licence): Promise<number | undefined> {
    const report = await this.findOne(lang, { id: reportId })
    if (!report) return undefined
    return (await this.priceTable(lang, report)).find((cell) => cell.edition === edition && cell.licence === licence)?.price
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportService
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('reports', new ReportService(app.db.sequelize, app.dicts, app.configs, {
      concurrency: app.config.SEARCH_CONCURRENCY,
      queueMs: app.config.SEARCH_QUEUE_MS,
      statementTimeoutMs: app.config.SEARCH_STATEMENT_TIMEOUT_MS,
      countedMatches: app.config.SEARCH_COUNTED_MATCHES,
    }, app.log))
    // A keyword being counted finishes (or rolls back) before the database closes.
    app.addHook('onClose', () => app.reports.settled())
  },
  { name: 'report-service', dependencies: ['config', 'db', 'dict-service', 'config-service'] },
)
