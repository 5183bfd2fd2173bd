import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app'
import { resolveRoute, NOT_FOUND_ROUTE } from './app/routes'
import { SCREENS } from './app/screens'
import { readSsrState } from './app/ssr-state'
import { holdDeferredParts } from './lib/deferred-part'
import { holdEarlyClicks, stopHoldingClicks } from './lib/early-clicks'
import { loadMessages } from './lib/intl'
import { localeFromPath } from './lib/locale'
import { setScreenPreloader } from './lib/screen-preload'
import './styles/tokens.css'
import './styles/global.css'

const root = document.getElementById('root')
// Links fetch their screen on the visitor's intent (lib/screen-preload.ts).
setScreenPreloader((href) => {
  const url = new URL(href, window.location.origin)
  SCREENS[resolveRoute(url.pathname, url.search).route.screen].prefetch()
})
const ssr = readSsrState()

async function start(element: HTMLElement) {
  // Only this edition's messages: the server preloads their chunk with the page.
  const messages = loadMessages(localeFromPath(window.location.pathname))
  if (!ssr || !element.hasChildNodes()) {
    await messages
    createRoot(element).render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
    return
  }
  // Hydration must render the server's tree at once: load the screen's chunk first. A button
  // clicked meanwhile is clicked again once the screen has hydrated (lib/early-clicks.ts).
  holdEarlyClicks(element)
  const { pathname, search } = window.location
  const route = ssr.notFound === pathname ? NOT_FOUND_ROUTE : resolveRoute(pathname, search).route
  await Promise.all([SCREENS[route.screen].preload().catch(() => {}), messages])
  // The parts below the fold keep the server's markup until the screen has hydrated (lib/deferred-part.tsx).
  holdDeferredParts()
  // The page is already painted and readable: hydrate as a transition, which
  // React does in slices that yield to the browser, instead of one long task
  // that would hold up input (and Total Blocking Time) on a slow phone.
  stopHoldingClicks()
  startTransition(() => {
    hydrateRoot(
      element,
      <StrictMode>
        <App ssr={ssr} />
      </StrictMode>,
      {
        // Production React reports a mismatch only as a bare error code; name it.
        onRecoverableError: (error, info) => console.error('[hydration] recoverable error:', error, info.componentStack ?? ''),
      },
    )
  })
}

if (root) void start(root)
