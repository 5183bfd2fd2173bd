import { describe, expect, it } from 'vitest'
import { BatchSizer, nextBatchSize, PACE_WINDOW, type BatchSizing } from '../../../../src/modules/publishing/imports/batch-size.ts'
import { BATCH_SIZING } from '../../../../src/modules/publishing/imports/limits.ts'

// The import's batch sizes follow the time its batches take (no clock here:
// each batch's milliseconds are given).

const sizing: BatchSizing = { first: 20, min: 1, max: 200, targetMs: 50, minRowsPerSecond: 0, maxMs: 50 }

/**
 * A sizer fed `rounds` batches that take `fixedMs` plus `perRowMs` a row,
 * with `betweenMs` more between batches: the sizes it chose.
 */
function settle(fixedMs: number, perRowMs: number, options: { betweenMs?: number; sizing?: BatchSizing; rounds?: number } = {}) {
  const sizer = new BatchSizer(options.sizing ?? sizing)
  const sizes: number[] = []
  for (let i = 0; i < (options.rounds ?? 30); i++) {
    sizes.push(sizer.size)
    const ms = fixedMs + perRowMs * sizer.size
    sizer.record(sizer.size, ms, ms + (options.betweenMs ?? 0))
  }
  return sizes
}

describe('nextBatchSize', () => {
  it('fits the next batch to the target at the pace measured', () => {
    // 20 rows in 100 ms: 5 ms a row, 10 rows fit in 50 ms.
    expect(nextBatchSize(sizing, { size: 20, paces: [], cyclePaces: [] }, 20, 100)).toEqual({ size: 10, paces: [5], cyclePaces: [5] })
  })

  it('grows a doubling at a time however quick a batch was', () => {
    expect(nextBatchSize(sizing, { size: 20, paces: [], cyclePaces: [] }, 20, 2).size).toBe(40)
    expect(nextBatchSize(sizing, { size: 40, paces: [0.1], cyclePaces: [] }, 40, 4).size).toBe(80)
  })

  it('does not shrink for one slow batch, but does when the batches are slower', () => {
    // One batch at 20 ms a row among batches at 1 ms a row: the median stays 1.
    expect(nextBatchSize(sizing, { size: 50, paces: [1, 1, 1, 1], cyclePaces: [] }, 50, 1000).size).toBe(50)
    // The third at 20 ms a row of the last five: 2 rows fit.
    expect(nextBatchSize(sizing, { size: 50, paces: [1, 1, 20, 20], cyclePaces: [] }, 50, 1000).size).toBe(2)
  })

  it(`keeps the pace of the last ${PACE_WINDOW} batches`, () => {
    let pace = { size: 10, paces: [] as number[], cyclePaces: [] as number[] }
    for (let i = 1; i <= PACE_WINDOW + 3; i++) pace = nextBatchSize(sizing, pace, 10, 10 * i)
    expect(pace.paces).toEqual([4, 5, 6, 7, 8])
    expect(pace.size).toBe(8) // 50 ms at the median, 6 ms a row
  })

  it('stays within min and max', () => {
    expect(nextBatchSize(sizing, { size: 5, paces: [500], cyclePaces: [] }, 5, 5000).size).toBe(1)
    expect(nextBatchSize(sizing, { size: 200, paces: [0.01], cyclePaces: [] }, 200, 1).size).toBe(200)
    expect(nextBatchSize({ ...sizing, min: 50, max: 50 }, { size: 50, paces: [100], cyclePaces: [] }, 50, 5000).size).toBe(50)
  })

  it('ignores a batch of no rows or no time it could measure', () => {
    const pace = { size: 30, paces: [2], cyclePaces: [2] }
    expect(nextBatchSize(sizing, pace, 0, 10)).toBe(pace)
    expect(nextBatchSize(sizing, pace, 10, Number.NaN)).toBe(pace)
  })
})

describe('BatchSizer', () => {
  it('starts at the first size within the bounds', () => {
    expect(new BatchSizer(sizing).size).toBe(20)
    expect(new BatchSizer({ ...sizing, first: 500 }).size).toBe(200)
    expect(new BatchSizer(BATCH_SIZING).size).toBe(BATCH_SIZING.first)
  })

  it('settles where a whole batch, its fixed statements included, takes the target', () => {
    // 20 ms a batch and 3 ms a row: 10 rows make 50 ms.
    const sizes = settle(20, 3)
    expect(sizes.slice(-5)).toEqual([10, 10, 10, 10, 10])
    // Quick rows: it grows a doubling at a time to the most a batch may take.
    expect(settle(1, 0.01).slice(0, 5)).toEqual([20, 40, 80, 160, 200])
    // A batch whose fixed part alone passes the target: one row at a time.
    expect(settle(60, 3).slice(-3)).toEqual([1, 1, 1])
  })

  it('grows past the target where short batches would leave the import below its slowest pace', () => {
    const paced = { ...sizing, minRowsPerSecond: 200, maxMs: 2000 }
    // 40 ms a batch, 3 ms a row, 60 ms between batches: 2 rows fit in 50 ms, but
    // 200 rows a second need n / (100 + 3n) ms ≥ 0.2, 50 rows a batch.
    const sizes = settle(40, 3, { betweenMs: 60, sizing: paced, rounds: 60 })
    for (const size of sizes.slice(-5)) {
      expect(size).toBeGreaterThanOrEqual(50)
      expect(size).toBeLessThanOrEqual(55)
    }
    // Where the target keeps the pace, the target decides: 11 rows of 3 ms after 15 ms make 48 ms, 229 rows a second.
    expect(settle(15, 3, { sizing: paced }).slice(-3)).toEqual([11, 11, 11])
    // A pace no batch size keeps (3 ms a row is all of 200 rows a second at 5 ms): as large as allowed.
    expect(settle(40, 5, { betweenMs: 60, sizing: paced }).slice(-3)).toEqual([200, 200, 200])
    // Never past maxMs for the pace: 71 rows take 395 ms (the pace would need 200).
    expect(settle(40, 5, { betweenMs: 60, sizing: { ...paced, maxMs: 400 } }).slice(-3)).toEqual([71, 71, 71])
  })
})
