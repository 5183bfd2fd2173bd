import { Writable } from 'node:stream'
import { StrictMode, type ReactNode } from 'react'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { App } from './app/app'
import { SCREENS } from './app/screens'
import type { SsrState } from './app/ssr-state'
import { planRender } from './app/ssr-plan'
import type { ScreenName } from './app/routes'
import { loadDeferredParts } from './lib/deferred-part'
import { catalogueModule, loadAllMessages, onDemandCatalogueModule } from './lib/intl'
import { localizePath, type Locale } from './lib/locale'
import { searchPath, type SearchType } from './features/layout/components/menu'

// The server build the BFF loads (dist/server/entry-server.js): it plans a
// URL (which page payload), maps the payload onto the screens' SWR keys,
// renders the app to HTML and builds the head.

export { planRender } from './app/ssr-plan'
export { buildFallback } from './app/ssr-fallback'
export { buildHead } from './app/ssr-head'
export { ssrStateScript } from './app/ssr-state'

// The server renders either edition, and builds heads in it, synchronously.
await loadAllMessages()

/**
 * The source modules a page needs to hydrate beyond the entry (build manifest
 * keys): its screen and its edition's messages, with the on-demand part for a
 * screen that waits for it, so hydration does not wait a round trip more.
 */
export function pageModules(screen: ScreenName, locale: Locale): string[] {
  const modules = [SCREENS[screen].module, catalogueModule(locale)]
  return SCREENS[screen].words === 'on-demand' ? [...modules, onDemandCatalogueModule(locale)] : modules
}

/**
 * Where the header's search leads, for the BFF's `GET /search?type=&keyword=`:
 * the form submitted before the page has hydrated (or without script) goes
 * there, and lands on the list the hydrated form navigates to.
 */
export function searchLocation(locale: Locale, type: string | undefined, keyword: string | undefined): string {
  return localizePath(locale, searchPath(type as SearchType | undefined, keyword ?? '', locale))
}

export interface RenderInput {
  /** The request path as sent (percent-encoded) */
  pathname: string
  /** The query string without '?' */
  search: string
  state: SsrState
  /** Gives up (rejects) after this long */
  timeoutMs?: number
}

/**
 * A Suspense boundary the server gave up on and left to the client: what
 * renderToString writes where something suspended or threw inside one.
 */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->'

export async function render({ pathname, search, state, timeoutMs = 10_000 }: RenderInput): Promise<string> {
  const plan = planRender(pathname, search)
  const screen = state.notFound === pathname ? 'notFound' : plan.resolved.route.screen
  // The screen's chunk must be there before rendering, so the markup holds the page, not its fallback.
  await SCREENS[screen].preload()
  // And the parts deferred below the fold, the screen's own among them (loaded once, then at hand).
  await loadDeferredParts()
  const app = (
    <StrictMode>
      <App ssr={state} ssrPath={pathname} ssrSearch={search} />
    </StrictMode>
  )
  // With the screen loaded and its data in the SWR fallback, nothing suspends,
  // and one synchronous pass writes the same markup as the stream below for
  // about 60% of its CPU (no task scheduling, chunk queues or stream buffers).
  // A page where something suspended or failed takes the stream, which waits
  // for what suspended and reports what failed.
  let html: string | undefined
  try {
    html = renderToString(app)
  } catch {
    html = undefined
  }
  if (html !== undefined && !html.includes(CLIENT_RENDERED_BOUNDARY)) return html
  return renderStreaming(app, pathname, timeoutMs)
}

function renderStreaming(app: ReactNode, pathname: string, timeoutMs: number): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
        callback()
      },
    })
    sink.on('finish', () => {
      clearTimeout(timer)
      resolve(Buffer.concat(chunks).toString('utf8'))
    })
    let failure: unknown
    // React reports what a component threw, which need not be an Error.
    const asError = (thrown: unknown) =>
      thrown instanceof Error ? thrown : new Error(`server render of ${pathname} failed`, { cause: thrown })
    const stream = renderToPipeableStream(app, {
      // Never outline a large boundary behind an inline script: crawlers without
      // JavaScript must find the content in place, and the page is sent whole anyway.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        if (failure) {
          clearTimeout(timer)
          reject(asError(failure))
          return
        }
        stream.pipe(sink)
      },
      onShellError(error) {
        clearTimeout(timer)
        reject(asError(error))
      },
      onError(error) {
        failure ??= error
      },
    })
    const timer = setTimeout(() => {
      stream.abort(new Error(`server render of ${pathname} timed out`))
      reject(new Error(`server render of ${pathname} timed out`))
    }, timeoutMs)
  })
}
