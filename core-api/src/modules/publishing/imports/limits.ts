// The bounds of one import. Constants, not settings: they protect the server
// from a hostile upload and none of them is a deployment's choice.

/** Rows (reports) in one sheet */
export const MAX_ROWS = 50_000
/** The sheet's bytes */
export const MAX_SHEET_BYTES = 100 * 1024 * 1024
/** Entries in the files zip (10,000 reports × 2 editions × 2 files is 40,000) */
export const MAX_ZIP_ENTRIES = 50_000
/** One file in the zip, as for an upload (up to 500 MB) */
export const MAX_FILE_BYTES = 500 * 1024 * 1024
/** All files of the zip once uncompressed */
export const MAX_ZIP_UNCOMPRESSED_BYTES = 20 * 1024 * 1024 * 1024
/** The zip as uploaded */
export const MAX_ZIP_BYTES = 20 * 1024 * 1024 * 1024
/** Uncompressed ÷ compressed size of one entry, above which it is a zip bomb (PDF and Word files barely compress) */
export const MAX_COMPRESSION_RATIO = 100
/** Entries smaller than this are not held to the ratio (a tiny file of blanks compresses well and harms nobody) */
export const RATIO_EXEMPT_BYTES = 1024 * 1024
/**
 * Reports per importBatch call (one transaction each), sized to a time
 * (batch-size.ts). On the embedded database (one session) a public search
 * that arrives during a batch waits for all of it, so a batch aims at 50 ms,
 * well within a list's recent page (SEARCH_STALE_MS, 1 s); 1 to 200 reports,
 * the first 20. Where 50 ms batches would leave the import below 200 reports
 * a second (10,000 within the minute, with some margin for reading
 * and checking the sheet; each batch has a dozen fixed statements, 20–300 ms
 * on a loaded machine), batches grow until it keeps that pace, up to 400 ms
 * (docs/benchmarks.md, Publishing).
 */
export const BATCH_SIZING = { first: 20, min: 1, max: 200, targetMs: 50, minRowsPerSecond: 200, maxMs: 400 } as const
/** Row errors kept and answered */
export const MAX_ERRORS = 1000
