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

/** What a zip's central directory is held to before anything in it is inflated (zip.ts) */
export interface ZipBounds {
  entries: number
  /** One entry once uncompressed */
  entryBytes: number
  /** All entries once uncompressed */
  totalBytes: number
  /** Uncompressed ÷ compressed size of one entry past ratioExemptBytes */
  ratio: number
  ratioExemptBytes: number
}

/** The files zip */
export const FILES_ZIP_BOUNDS: ZipBounds = {
  entries: MAX_ZIP_ENTRIES,
  entryBytes: MAX_FILE_BYTES,
  totalBytes: MAX_ZIP_UNCOMPRESSED_BYTES,
  ratio: MAX_COMPRESSION_RATIO,
  ratioExemptBytes: RATIO_EXEMPT_BYTES,
}

export interface WorkbookBounds extends ZipBounds {
  /** One of the parts held whole while the sheet is read (shared strings, styles, the workbook and its relationships) */
  heldBytes: number
  /** The most bytes from one tag's start to the next in a part (a text and its tag), which a cell's value is read into whole */
  textBytes: number
}

/**
 * An XLSX sheet is a zip of XML parts (workbook.ts): a few dozen of them,
 * compressed 2–25:1 (a 20,000-row sheet's worksheet about 10:1, its shared
 * strings 22:1), so the files zip's ratio holds. Its worksheet is streamed
 * row by row; its shared strings and styles are held whole while it is read,
 * in memory a few times their size, hence a bound of their own: a larger
 * sheet comes as CSV, which is streamed whole. A cell's text is read whole
 * too: Excel holds at most 32,767 characters in one, and a CSV record may
 * have 4 MB (sheet.ts), so a text of a part may as well.
 */
export const WORKBOOK_BOUNDS: WorkbookBounds = {
  entries: 1_000,
  entryBytes: 1024 * 1024 * 1024,
  totalBytes: 2 * 1024 * 1024 * 1024,
  heldBytes: 128 * 1024 * 1024,
  textBytes: 4 * 1024 * 1024,
  ratio: MAX_COMPRESSION_RATIO,
  ratioExemptBytes: RATIO_EXEMPT_BYTES,
}
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
