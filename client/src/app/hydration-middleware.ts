import { useCallback, useRef } from 'react'
import { unstable_serialize, type Middleware } from 'swr'

export interface HydrationGuard {
  middleware: Middleware
  /** The screen has hydrated (or never will): hooks behave as usual from now on. */
  end: () => void
}

/**
 * While the server-rendered page hydrates, hooks whose data came with the page
 * neither revalidate on mount nor honour an argument-less mutate() from a
 * mount effect: the page payload is fresh, a second request for it is waste.
 * Later mounts and navigations behave as usual.
 */
export function hydrationGuard(fallback: Record<string, unknown>): HydrationGuard {
  let hydrating = true
  const middleware: Middleware = (useSWRNext) => (key, fetcher, config) => {
    const served = hydrating && key !== null && unstable_serialize(key) in fallback
    const swr = useSWRNext(key, fetcher, served ? { ...config, revalidateOnMount: false } : config)
    const mutateRef = useRef(swr.mutate)
    mutateRef.current = swr.mutate
    const guarded = useCallback<typeof swr.mutate>(
      (...args) => (hydrating && args.length === 0 ? Promise.resolve(undefined) : mutateRef.current(...args)),
      [],
    )
    if (!served) return swr
    return new Proxy(swr, {
      get: (target, prop, receiver) => (prop === 'mutate' ? guarded : (Reflect.get(target, prop, receiver) as unknown)),
    })
  }
  return {
    middleware,
    end: () => {
      hydrating = false
    },
  }
}
