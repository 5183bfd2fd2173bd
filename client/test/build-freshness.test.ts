import { afterEach, describe, expect, it, vi } from 'vitest'
import { entryScriptOf } from '../src/app/build-freshness'
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_KEY, reloadOnceForChunkError } from '../src/app/lazy-screen'

describe('build freshness', () => {
  it('reads the hashed entry script of an index.html', () => {
    const html = '<html><head><script type="module" crossorigin src="/assets/index-aYWCYB-S.js"></script></head></html>'
    expect(entryScriptOf(html)).toBe('/assets/index-aYWCYB-S.js')
    expect(entryScriptOf('<html></html>')).toBeNull()
  })
})

describe('chunk reload guard', () => {
  const reload = vi.fn()
  afterEach(() => {
    vi.unstubAllGlobals()
    reload.mockReset()
  })

  it('reloads once, then not again within 10 s', () => {
    Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } })
    const now = 1_000_000
    expect(reloadOnceForChunkError(now)).toBe(true)
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(now))
    expect(reloadOnceForChunkError(now + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false)
    expect(reloadOnceForChunkError(now + CHUNK_RELOAD_GUARD_MS + 1)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })
})
