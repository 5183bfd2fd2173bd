// How many rows the import's next batch takes. On the embedded database (one
// session) a public search that arrives during a batch's transaction waits
// for all of it, so each batch is sized to a time, not a row count: the rows
// that fit in `targetMs` at the pace of the last few batches. The pace is
// their median, so one batch held up by something else (the machine's load,
// a GIN pending list flushed inside it) does not shrink the next ones; a
// batch's fixed statements make small batches slower per row, so the size
// settles where a whole batch takes about `targetMs`. Growth is a doubling
// at a time, so one quick batch does not make the next one long.
//
// Short batches cost the import their fixed statements and the turns it gives
// the searches between them. Where that would take the import below
// `minRowsPerSecond` (a loaded machine), batches grow until it keeps that
// pace, but not past `maxMs`: the searches fall back on the lists' recent
// pages (modules/search/recent-pages.ts, 1 s) while a longer batch runs, and a
// batch much past half a second outlives them.

export interface BatchSizing {
  /** Rows of the first batch, before any pace is known */
  first: number
  min: number
  max: number
  /** What one batch's transaction should take, in ms */
  targetMs: number
  /** The import's slowest pace, everything between batches included */
  minRowsPerSecond: number
  /** The longest a batch may be made to keep that pace, in ms */
  maxMs: number
}

/** The next size, and the last batches' paces (ms per row, newest last): in the transaction, and from the end of the batch before. */
export interface BatchPace {
  size: number
  paces: number[]
  cyclePaces: number[]
}

/** Batches whose pace makes the next size */
export const PACE_WINDOW = 5

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const recent = (values: number[], value: number) => [...values, value].slice(-PACE_WINDOW)

/**
 * The next batch's size after a batch of `rows` rows took `ms`, and `cycleMs`
 * from the end of the batch before it (reading its rows, the pause between,
 * the batch itself).
 */
export function nextBatchSize(sizing: BatchSizing, pace: BatchPace, rows: number, ms: number, cycleMs = ms): BatchPace {
  if (rows <= 0 || !Number.isFinite(ms) || ms < 0 || !Number.isFinite(cycleMs)) return pace
  const paces = recent(pace.paces, Math.max(ms, 0.1) / rows)
  const cyclePaces = recent(pace.cyclePaces, Math.max(cycleMs, ms, 0.1) / rows)
  const msPerRow = median(paces)
  const fits = Math.floor(sizing.targetMs / msPerRow)
  // The size at which the import would keep its slowest pace, scaled from this one's (fixed costs shrink per row as batches grow).
  const keepsPace = Math.min(
    Math.ceil((pace.size * median(cyclePaces) * sizing.minRowsPerSecond) / 1000),
    Math.floor(sizing.maxMs / msPerRow),
  )
  const size = Math.max(sizing.min, Math.min(sizing.max, 2 * pace.size, Math.max(fits, keepsPace)))
  return { size, paces, cyclePaces }
}

/** Batch sizes for one import run: `size` for the next batch, `record` after each. */
export class BatchSizer {
  private pace: BatchPace

  constructor(private readonly sizing: BatchSizing) {
    this.pace = { size: Math.max(sizing.min, Math.min(sizing.max, sizing.first)), paces: [], cyclePaces: [] }
  }

  get size(): number {
    return this.pace.size
  }

  record(rows: number, ms: number, cycleMs?: number): void {
    this.pace = nextBatchSize(this.sizing, this.pace, rows, ms, cycleMs)
  }
}
