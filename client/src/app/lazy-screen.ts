import { lazy, type ComponentType } from 'react'

// After a deploy the old chunk names are gone: reload once to get the new
// index.html, but never loop (the guard remembers the last reload for 10 s).
export const CHUNK_RELOAD_KEY = 'rpt.chunk-reload-at'
export const CHUNK_RELOAD_GUARD_MS = 10_000

export function reloadOnceForChunkError(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0)
    if (now - last < CHUNK_RELOAD_GUARD_MS) return false
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now))
  } catch {
    return false
  }
  window.location.reload()
  return true
}

export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      if (reloadOnceForChunkError()) return new Promise<never>(() => {})
      throw error
    }),
  )
}
