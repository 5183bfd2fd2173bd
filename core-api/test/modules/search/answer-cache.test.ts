import { expect, it } from 'vitest'
import { AnswerCache, type KeywordAnswer } from '../../../src/modules/search/answer-cache.ts'
import type { Facets } from '../../../src/modules/search/facets.ts'
import type { CountBucket } from '../../../src/modules/search/keyword-counts.ts'
import { FACET_MEMO_ENTRIES, KEYWORD_MEMO_IDS } from '../../../src/modules/search/settings.ts'

// What the search keeps, and when it lets go: per catalogue version, shared
// by concurrent askers, a failure never kept.

const facets = (total: number): Facets => ({ total, categories: new Map(), prices: [], publishDates: [] })
const answer = (ids: number): KeywordAnswer => ({ facets: facets(ids), ids: new Uint32Array(ids) })
const bucket: CountBucket = { marketType: 'energy', reportRegion: '0', band: 0, year: '2024', n: 3 }

it('keeps facet counts per version and key, shares them, forgets a failure, and keeps nothing without a version', async () => {
  const cache = new AnswerCache()
  let counted = 0
  const count = (total: number) => () => {
    counted++
    return Promise.resolve(facets(total))
  }
  const first = cache.facets('7', 'k', count(1))
  expect(cache.facets('7', 'k', count(2))).toBe(first)
  expect((await cache.facets('8', 'k', count(3))).total).toBe(3)
  expect(counted).toBe(2)
  // No version (an empty database): counted each time.
  await cache.facets(undefined, 'k', count(4))
  await cache.facets(undefined, 'k', count(5))
  expect(counted).toBe(4)
  const failing = cache.facets('9', 'k', () => Promise.reject(new Error('down')))
  await expect(failing).rejects.toThrow('down')
  expect((await cache.facets('9', 'k', count(6))).total).toBe(6)
})

it('keeps at most FACET_MEMO_ENTRIES facet counts, the oldest going first', async () => {
  const cache = new AnswerCache()
  for (let i = 0; i <= FACET_MEMO_ENTRIES; i++) await cache.facets('1', `k${i}`, () => Promise.resolve(facets(i)))
  let recounted = false
  await cache.facets('1', 'k0', () => {
    recounted = true
    return Promise.resolve(facets(0))
  })
  expect(recounted).toBe(true)
  // The newest is still kept.
  expect((await cache.facets('1', `k${FACET_MEMO_ENTRIES}`, () => Promise.resolve(facets(-1)))).total).toBe(FACET_MEMO_ENTRIES)
})

it('keeps keyword answers until their ids pass KEYWORD_MEMO_IDS, dropping the longest unused first', async () => {
  const cache = new AnswerCache()
  const half = KEYWORD_MEMO_IDS / 2
  cache.keepAnswer('a', Promise.resolve(answer(half)))
  cache.keepAnswer('b', Promise.resolve(answer(half)))
  await new Promise((resolve) => setTimeout(resolve, 0))
  // a used last: b is now the longest unused.
  expect(cache.keptAnswer('a')).toBeDefined()
  cache.keepAnswer('c', Promise.resolve(answer(1)))
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(cache.keptAnswer('b')).toBeUndefined()
  expect(await cache.keptAnswer('a')).toMatchObject({ facets: { total: half } })
  expect(cache.keptAnswer('c')).toBeDefined()
})

it('forgets a keyword answer that failed', async () => {
  const cache = new AnswerCache()
  const failing = Promise.reject(new Error('busy'))
  cache.keepAnswer('a', failing)
  expect(cache.keptAnswer('a')).toBe(failing)
  await expect(failing).rejects.toThrow('busy')
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(cache.keptAnswer('a')).toBeUndefined()
})

it('keeps counted buckets and walked pages for one version, drops them for a newer one, and never for an older one', async () => {
  const cache = new AnswerCache()
  let reads = 0
  const read = (found: CountBucket[] | null) => () => {
    reads++
    return Promise.resolve(found)
  }
  let walks = 0
  const walk = () => {
    walks++
    return Promise.resolve(['1', '2'])
  }
  expect(await cache.countedBuckets('10', 'zh-CN', '中国', read([bucket]))).toEqual([bucket])
  await cache.countedBuckets('10', 'zh-CN', '中国', read([]))
  await cache.walkedPage('p', walk)
  await cache.walkedPage('p', walk)
  expect([reads, walks]).toEqual([1, 1])
  // A request that read the version before the last write: nothing dropped.
  await cache.countedBuckets('9', 'zh-CN', '中国', read([]))
  await cache.walkedPage('p', walk)
  expect([reads, walks]).toEqual([1, 1])
  // A newer version: both read again.
  expect(await cache.countedBuckets('11', 'zh-CN', '中国', read([]))).toEqual([])
  await cache.walkedPage('p', walk)
  expect([reads, walks]).toEqual([2, 2])
})

it('does not keep a keyword as not counted: it may be counted within the same version', async () => {
  const cache = new AnswerCache()
  expect(await cache.countedBuckets('3', 'en-US', 'market', () => Promise.resolve(null))).toBeNull()
  expect(await cache.countedBuckets('3', 'en-US', 'market', () => Promise.resolve([bucket]))).toEqual([bucket])
  // Keyed by language too.
  expect(await cache.countedBuckets('3', 'zh-CN', 'market', () => Promise.resolve(null))).toBeNull()
})
