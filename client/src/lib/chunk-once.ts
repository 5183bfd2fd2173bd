import type { ComponentType } from 'react'

/** A chunk's component, loaded once and shared; `component()` is at hand once it has arrived. */
export interface ChunkOnce<P> {
  (): Promise<{ default: ComponentType<P> }>
  component(): ComponentType<P> | undefined
}

/**
 * Loads a chunk on its first use and shares the load with every later one,
 * for the lazily loaded screens and the parts deferred below the fold: a
 * failed load is forgotten, so the next use tries again.
 */
export function chunkOnce<P>(load: () => Promise<{ default: ComponentType<P> }>): ChunkOnce<P> {
  let loaded: ComponentType<P> | undefined
  let pending: Promise<{ default: ComponentType<P> }> | undefined
  const once = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default
        return module
      },
      (error: unknown) => {
        pending = undefined
        throw error
      },
    ))
  return Object.assign(once, { component: () => loaded })
}
