import {
  createContext,
  createElement,
  lazy,
  memo,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  type ComponentType,
} from 'react'
import { chunkOnce } from './chunk-once'

// A part of a page below the fold (the footer, home's lower sections): the
// server renders it with the rest, but its script is not among the page's
// first loads and it hydrates after the screen. Until then React keeps the
// server's markup as it is (a dehydrated Suspense boundary), so the page reads
// the same and the first hydration runs less script.
//
// A deferred part takes no changing props: anything that reached its boundary
// before it hydrated would make React drop the server's markup and render the
// part afresh. Its data comes from its own hooks, its words from the page
// catalogue, and its stylesheet must be imported by a module that is not
// deferred (the server links the page's stylesheets from its static imports).

/** The app's side of a part's hydration: SWR's hydration guard (app/provider.tsx) holds until every part has hydrated. */
export interface DeferredHydration {
  waiting: () => void
  hydrated: () => void
}

const nothing = () => {}
export const DeferredHydrationContext = createContext<DeferredHydration>({ waiting: nothing, hydrated: nothing })

// Parts load at once (a client-side render, the tests, the server) unless
// the app holds them: main.tsx does while it hydrates, and lets them go once
// the screen has hydrated.
let gate: Promise<void> = Promise.resolve()
let openGate: (() => void) | undefined

export function holdDeferredParts(): void {
  gate = new Promise<void>((resolve) => {
    openGate = resolve
  })
}

export function releaseDeferredParts(): void {
  openGate?.()
  openGate = undefined
}

const loaders: Array<() => Promise<unknown>> = []

/** Loads every part defined so far; the server renders with them loaded, so its markup holds them. */
export const loadDeferredParts = (): Promise<unknown> => Promise.all(loaders.map((load) => load()))

// The server has no layout effects; it renders no effect at all.
const useCommitEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

const Missing = () => null

/** Rendered beside the part inside its boundary: its effect runs once the part has hydrated (or rendered). */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(() => onHydrated(), [onHydrated])
  return null
}

export function deferredPart(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const loadOnce = chunkOnce(load)
  loaders.push(loadOnce)
  // A chunk that cannot be had (offline, a deploy removed it) leaves the part out rather than failing the
  // page around it: the rest of the page works, and the next page load tries again.
  const Lazy = lazy(() => gate.then(loadOnce).catch(() => ({ default: Missing })))

  function DeferredPart() {
    const { waiting, hydrated } = useContext(DeferredHydrationContext)
    const done = useRef(false)
    const onHydrated = useCallback(() => {
      if (done.current) return
      done.current = true
      hydrated()
    }, [hydrated])
    useCommitEffect(() => {
      if (done.current) return
      waiting()
      // Gone before it hydrated (the visitor moved on): nothing to wait for. (A remount, as StrictMode
      // makes, waits again; onHydrated counts the part once.)
      return () => {
        if (!done.current) hydrated()
      }
    }, [waiting, hydrated])
    return (
      <Suspense fallback={null}>
        {createElement(loadOnce.component() ?? Lazy)}
        <Hydrated onHydrated={onHydrated} />
      </Suspense>
    )
  }
  // memo: a parent's render must not reach the boundary while it waits (see above).
  return memo(DeferredPart)
}
