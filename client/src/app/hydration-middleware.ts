import { useCallback, useRef, type RefObject } from 'react'
import { unstable_serialize, type Middleware, type SWRResponse } from 'swr'

/**
 * While the server-rendered page hydrates, hooks whose data came with the page
 * neither revalidate on mount nor honour an argument-less mutate() from a
 * mount effect: the page payload is fresh, a second request for it is waste.
 * Later mounts and navigations behave as usual.
 */
export function hydrationMiddleware(fallback: Record<string, unknown>, hydrating: RefObject<boolean>): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    const served = hydrating.current && key !== null && unstable_serialize(key) in fallback
    const swr = useSWRNext(key, fetcher, served ? { ...config, revalidateOnMount: false } : config)
    const mutateRef = useRef(swr.mutate)
    mutateRef.current = swr.mutate
    const guarded = useCallback<SWRResponse['mutate']>(
      (...args) => (hydrating.current && args.length === 0 ? Promise.resolve(undefined) : mutateRef.current(...args)),
      [],
    )
    if (!served) return swr
    return new Proxy(swr, { get: (target, prop, receiver) => (prop === 'mutate' ? guarded : Reflect.get(target, prop, receiver)) })
  }
}
