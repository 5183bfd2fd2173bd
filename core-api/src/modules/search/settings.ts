// What the search module is told (SearchSettings, from the SEARCH_* variables
// the config plugin reads) and the fixed limits of what it keeps and walks.
// docs/search.md says what each does.

export interface SearchSettings {
  /** Searches that may query the database at once (SEARCH_CONCURRENCY); broad keywords get at most half */
  concurrency: number
  /** How long one waits for its turn before the busy answer (SEARCH_QUEUE_MS) */
  queueMs: number
  /** statement_timeout of a search query (SEARCH_STATEMENT_TIMEOUT_MS) */
  statementTimeoutMs: number
  /** A keyword matching this many reports of a language or more is counted on write from then on (SEARCH_COUNTED_MATCHES) */
  countedMatches: number
  /** How old a page may be when the database keeps the fresh one waiting (SEARCH_STALE_MS; 0: never): see RecentPages */
  staleMs: number
}

/** The config plugin's defaults, for a search built without settings (tests of the module). */
export const DEFAULT_SEARCH_SETTINGS: Readonly<SearchSettings> = {
  concurrency: 4,
  queueMs: 2000,
  statementTimeoutMs: 30_000,
  countedMatches: 10_000,
  staleMs: 1000,
}

/** Distinct filter combinations whose facet counts are kept (each a few hundred bytes); also the most keyword answers kept. */
export const FACET_MEMO_ENTRIES = 500

/** work_mem of a search query (at most SEARCH_CONCURRENCY of them run at once) */
export const SEARCH_WORK_MEM = '64MB'

/** A keyword matching this many reports of a language or more is broad: its searches take the broad lane of the cap. */
export const BROAD_MATCHES = 10_000
/** Keywords whose match count is remembered for choosing a lane. */
export const MATCH_COUNT_ENTRIES = 10_000

/** Match ids kept for keyword answers, all entries together (4 bytes each below 2^32, else 8: 16 MB). */
export const KEYWORD_MEMO_IDS = 4_000_000

/**
 * The most rows a counted keyword's page may walk along the order index
 * (the rows before it in the list, matches or not). Each is a heap visit in
 * the index's order, not the table's: 0.5 µs from shared buffers, about
 * 2.5 µs from the OS cache (EXPLAIN ANALYZE at a million reports), so 20–100
 * ms. A page further in is read from all the matches instead (and kept).
 */
export const WALK_ROWS = 40_000
/** Keywords whose summed counts are kept (each some thousands of buckets at most: categories × regions × bands × years). */
export const COUNTED_MEMO_ENTRIES = 100
/** Walked pages whose ids are kept (each at most a page's ids). */
export const WALKED_PAGES = 2_000
/** Keywords counted on write, per language (each costs every report write a substring test). */
export const COUNTED_KEYWORDS = 256
/** A keyword's count rows are folded back into one per bucket once there are this many more than buckets. */
export const COUNT_ROWS_SLACK = 512

/**
 * How long a list waits for the database's answer before a page answered
 * within SEARCH_STALE_MS is answered instead (RecentPages): a list the
 * database answers from what the search keeps takes 1–6 ms on the embedded
 * database at 100,000 reports, so only a wait (a write transaction, a read
 * of every match) takes longer.
 */
export const BUSY_WAIT_MS = 8
/** How long askers of a list share the answer being made before the next asker begins another (RecentPages) */
export const RECENT_RENEW_MS = 250
/** Rows of the recent pages kept, all together (a page of n rows counts n, an empty one 1). */
export const RECENT_PAGE_ROWS = 5_000
