import { expect, it } from 'vitest'
import { loadOnce } from '../../../src/platform/lib/load-once.ts'

it('loads at the first use only, and shares that load with every later use', async () => {
  let loads = 0
  const load = loadOnce(async () => ({ loaded: ++loads }))
  expect(loads).toBe(0)
  const [a, b] = await Promise.all([load(), load()])
  expect(await load()).toBe(a)
  expect(b).toBe(a)
  expect(loads).toBe(1)
})

it('does not keep a failed load: the next use tries again', async () => {
  let attempts = 0
  const load = loadOnce(async () => {
    attempts += 1
    if (attempts === 1) throw new Error('binding missing')
    return 'loaded'
  })
  await expect(load()).rejects.toThrow('binding missing')
  expect(await load()).toBe('loaded')
  expect(await load()).toBe('loaded')
  expect(attempts).toBe(2)
})
