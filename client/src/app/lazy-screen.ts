import { createElement, lazy, type ComponentType } from 'react'
import { chunkOnce } from '../lib/chunk-once'

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

export type LazyScreen<P extends object> = ComponentType<P> & {
  /** Loads the chunk (and, through Vite's preload helper, its stylesheets); once it has settled the screen renders without suspending. */
  preload(): Promise<unknown>
  /** The same load as a hint (a link the visitor may follow): a failure is left for the render to meet, never a reload. */
  prefetch(): void
  /** The source module, root-relative, as the build manifest keys it */
  module: string
}

export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, module = ''): LazyScreen<P> {
  const fetchOnce = chunkOnce(load)
  const loadOnce = () =>
    fetchOnce().catch((error: unknown) => {
      if (typeof window !== 'undefined' && reloadOnceForChunkError()) return new Promise<never>(() => {})
      throw error
    })
  const Lazy = lazy(loadOnce)
  // A preloaded screen renders at once: hydration must find the server's
  // markup in the first pass, not a Suspense fallback.
  const Screen = (props: P) => createElement(fetchOnce.component() ?? Lazy, props)
  const prefetch = () => {
    if (!fetchOnce.component()) fetchOnce().catch(() => {})
  }
  return Object.assign(Screen, { preload: loadOnce, prefetch, module })
}
