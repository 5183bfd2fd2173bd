import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { TtlMemo } from '../../../src/platform/lib/ttl-memo.ts'

// A value is kept ttlMs from the start of its load, and the next one is
// loaded beside it after its first quarter, so readers do not wait at expiry.

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})
afterEach(() => {
  vi.useRealTimers()
})

it('loads once within the first quarter, loads the next beside the kept one after it, and never keeps one past ttlMs', async () => {
  const memo = new TtlMemo<number>(1000)
  let loads = 0
  const load = () => Promise.resolve(++loads)
  expect(await memo.get('k', load)).toBe(1)
  vi.setSystemTime(200)
  expect(await memo.get('k', load)).toBe(1)
  expect(loads).toBe(1)
  // Past a quarter: answered the kept value, the next loaded beside it (its time counted from 600).
  vi.setSystemTime(600)
  expect(await memo.get('k', load)).toBe(1)
  expect(loads).toBe(2)
  expect(await memo.get('k', load)).toBe(2)
  vi.setSystemTime(1500)
  expect(await memo.get('k', () => new Promise<number>(() => undefined))).toBe(2)
  // 1600: the second value's time is up; a load that never came in between is waited for.
  vi.setSystemTime(1600)
  expect(await memo.get('k', () => Promise.resolve(10))).toBe(10)
})

it('keeps the value when the next one fails, and forgets a failed first load', async () => {
  const memo = new TtlMemo<number>(1000)
  await expect(memo.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
  expect(await memo.get('k', () => Promise.resolve(1))).toBe(1)
  vi.setSystemTime(700)
  expect(await memo.get('k', () => Promise.reject(new Error('down')))).toBe(1)
  await Promise.resolve()
  expect(await memo.get('k', () => Promise.resolve(2))).toBe(1)
  expect(await memo.get('k', () => Promise.resolve(3))).toBe(2)
  memo.clear()
  expect(await memo.get('k', () => Promise.resolve(4))).toBe(4)
})
