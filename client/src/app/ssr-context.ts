import { createContext, useContext, useEffect } from 'react'
import type { SsrState } from './ssr-state'

/** The server-rendered state of the first page; null in a client-only start. */
export const SsrContext = createContext<SsrState | null>(null)

export const useSsrState = (): SsrState | null => useContext(SsrContext)

/** Ends the hydration pass (see hydration-middleware). */
export const HydrationEndContext = createContext<() => void>(() => {})

/**
 * Rendered after the screen inside its Suspense boundary: React hydrates a
 * boundary after the shell has committed, so only an effect in there runs
 * once the screen's own hooks have mounted with the server's data.
 */
export function HydrationEnd() {
  const end = useContext(HydrationEndContext)
  useEffect(() => end(), [end])
  return null
}
