import { expect, it } from 'vitest'
import { AppError } from '../../../src/platform/errors.ts'
import { SearchGate, SearchLanes } from '../../../src/modules/search/gates.ts'
import { BROAD_MATCHES } from '../../../src/modules/search/settings.ts'

const later = () => {
  let done!: () => void
  const promise = new Promise<void>((resolve) => (done = resolve))
  return { promise, done }
}

it('lets the cap through at once, queues the rest first come first served, and hands each freed slot on', async () => {
  const gate = new SearchGate(2, 1000)
  const order: string[] = []
  const first = later()
  const second = later()
  const a = gate.run(async () => {
    order.push('a')
    await first.promise
  })
  const b = gate.run(async () => {
    order.push('b')
    await second.promise
  })
  const c = gate.run(async () => {
    order.push('c')
  })
  const d = gate.run(async () => {
    order.push('d')
  })
  await new Promise((resolve) => setTimeout(resolve, 10))
  expect(order).toEqual(['a', 'b'])
  expect(gate.load).toEqual({ running: 2, waiting: 2 })
  first.done()
  await a
  await c
  second.done()
  await Promise.all([b, d])
  expect(order).toEqual(['a', 'b', 'c', 'd'])
  expect(gate.load).toEqual({ running: 0, waiting: 0 })
})

it('answers the busy error to one that waited longer than the queue allows, and frees its place', async () => {
  const gate = new SearchGate(1, 20)
  const held = later()
  const running = gate.run(() => held.promise)
  const waiting = gate.run(async () => 'never')
  await expect(waiting).rejects.toBeInstanceOf(AppError)
  await expect(waiting).rejects.toMatchObject({ key: 'TOO_MANY_REQUESTS', status: 429 })
  expect(gate.load).toEqual({ running: 1, waiting: 0 })
  held.done()
  await running
  expect(await gate.run(async () => 'next')).toBe('next')
})

it('frees the slot of a task that fails', async () => {
  const gate = new SearchGate(1, 0)
  await expect(
    gate.run(async () => {
      throw new Error('boom')
    }),
  ).rejects.toThrow('boom')
  expect(await gate.run(async () => 'ok')).toBe('ok')
})

it('splits the cap into two lanes, broad taking at most half, and sends a keyword to its lane', () => {
  const lanesOf = (concurrency: number) => {
    const lanes = new SearchLanes({ concurrency, queueMs: 0 })
    return [lanes.broad, lanes.selective].map((gate) => (gate as unknown as { max: number }).max)
  }
  expect(lanesOf(1)).toEqual([1, 1])
  expect(lanesOf(4)).toEqual([2, 2])
  expect(lanesOf(5)).toEqual([2, 3])
  const lanes = new SearchLanes({ concurrency: 4, queueMs: 0 })
  for (const keyword of ['中', ' % ', '.', '，', '-_-']) expect(lanes.laneOf({ lang: 'zh-CN', keyword })).toBe(lanes.broad)
  expect(lanes.laneOf({ lang: 'zh-CN', keyword: '中国' })).toBe(lanes.selective)
  // Broad once it matched BROAD_MATCHES reports of its language (whatever the case or spaces it was asked in).
  lanes.noteMatches({ lang: 'zh-CN', keyword: ' Market ' }, BROAD_MATCHES)
  expect(lanes.laneOf({ lang: 'zh-CN', keyword: 'market' })).toBe(lanes.broad)
  expect(lanes.laneOf({ lang: 'en-US', keyword: 'market' })).toBe(lanes.selective)
  lanes.noteMatches({ lang: 'zh-CN', keyword: 'market' }, BROAD_MATCHES - 1)
  expect(lanes.laneOf({ lang: 'zh-CN', keyword: 'market' })).toBe(lanes.selective)
})
