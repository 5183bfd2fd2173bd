// How many rows the import's next batch takes. On the embedded database (one
// session) a public search that arrives during a batch's transaction waits
// for all of it, so each batch is sized to a time, not a row count: the rows
// that fit in `targetMs` at the pace of the last few batches. The pace is
// their median, so one batch held up by something else (the machine's load,
// a GIN pending list flushed inside it) does not shrink the next ones; a
// batch's fixed statements make small batches slower per row, so the size
// settles where a whole batch takes about `targetMs`. Growth is a doubling
// at a time, so one quick batch does not make the next one long.

export interface BatchSizing {
  /** Rows of the first batch, before any pace is known */
  first: number
  min: number
  max: number
  /** What one batch's transaction should take, in ms */
  targetMs: number
}

/** The next size, and the pace (ms per row) of the last batches, newest last. */
export interface BatchPace {
  size: number
  paces: number[]
}

/** Batches whose pace makes the next size */
export const PACE_WINDOW = 5

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The next batch's size after a batch of `rows` rows took `ms`. */
export function nextBatchSize(sizing: BatchSizing, pace: BatchPace, rows: number, ms: number): BatchPace {
  if (rows <= 0 || !Number.isFinite(ms) || ms < 0) return pace
  const paces = [...pace.paces, Math.max(ms, 0.1) / rows].slice(-PACE_WINDOW)
  const fits = Math.floor(sizing.targetMs / median(paces))
  const size = Math.max(sizing.min, Math.min(sizing.max, 2 * pace.size, fits))
  return { size, paces }
}

/** Batch sizes for one import run: `size` for the next batch, `record` after each. */
export class BatchSizer {
  private pace: BatchPace

  constructor(private readonly sizing: BatchSizing) {
    this.pace = { size: Math.max(sizing.min, Math.min(sizing.max, sizing.first)), paces: [] }
  }

  get size(): number {
    return this.pace.size
  }

  record(rows: number, ms: number): void {
    this.pace = nextBatchSize(this.sizing, this.pace, rows, ms)
  }
}
