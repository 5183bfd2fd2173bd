import { useEffect, useMemo, useReducer, useState, type ReactNode } from 'react'
import { createIntl, createIntlCache, RawIntlProvider, type IntlShape } from 'react-intl'
import { SWRConfig, type SWRConfiguration } from 'swr'
import { useLocation } from 'wouter'
import { configureApiClient } from '../lib/api-client'
import { DeferredHydrationContext, releaseDeferredParts, type DeferredHydration } from '../lib/deferred-part'
import { replayEarlyClicks } from '../lib/early-clicks'
import { loadMessages, messagesFor } from '../lib/intl'
import { localeFromPath, localizePath, type Locale } from '../lib/locale'
import { hydrationGuard } from './hydration-middleware'
import { HydrationEndContext, SsrContext } from './ssr-context'
import type { SsrState } from './ssr-state'

const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60
const HYDRATION_GUARD_MS = 10_000
const noop = () => {}

/**
 * One react-intl instance per loaded catalogue, kept for the process: an
 * IntlProvider makes a new one (and new number, date and plural formatters)
 * each time it mounts, which on the server is every render. The on-demand
 * words join a catalogue in place, so its instance sees them.
 */
const formatters = createIntlCache()
const intls = new WeakMap<object, IntlShape>()
function intlOf(locale: Locale, messages: Record<string, string>): IntlShape {
  let intl = intls.get(messages)
  if (intl?.locale !== locale) {
    intl = createIntl({ locale, messages, defaultLocale: 'zh-CN' }, formatters)
    intls.set(messages, intl)
  }
  return intl
}

/** How every screen's calls behave (tests render with the same). */
export const SWR_DEFAULTS = { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true } satisfies SWRConfiguration

/**
 * The edition's messages. main.tsx and the server load them before the first
 * render; a move into the other edition keeps the loaded ones until its own
 * arrive (a moment), rather than blanking the page.
 */
function useCatalogue(locale: Locale) {
  const [, loadedOne] = useReducer((n: number) => n + 1, 0)
  // The last edition whose messages were at hand, kept while another loads.
  const [shown, setShown] = useState<Locale>(locale)
  const own = messagesFor(locale)
  useEffect(() => {
    if (!own) void loadMessages(locale).then(loadedOne, () => {})
  }, [locale, own])
  if (own && shown !== locale) setShown(locale)
  const current = own ? locale : shown
  return { locale: current, messages: messagesFor(current) ?? {} }
}

/**
 * The first page's hydration in its steps: the screen, then the parts
 * deferred below the fold, which load once the screen has hydrated. `end`
 * (the SWR guard's) runs once both are done; a part that has not hydrated
 * yet is one being waited for.
 */
function hydrationSteps(end: () => void): { endHydration: () => void; deferred: DeferredHydration } {
  let screenDone = false
  let waiting = 0
  const settle = () => {
    if (screenDone && waiting === 0) end()
  }
  return {
    endHydration: () => {
      screenDone = true
      releaseDeferredParts()
      settle()
      // A button clicked before hydrateRoot is clicked now, out of this effect (lib/early-clicks.ts).
      window.setTimeout(replayEarlyClicks, 0)
    },
    deferred: {
      waiting: () => {
        waiting += 1
      },
      hydrated: () => {
        waiting = Math.max(0, waiting - 1)
        settle()
      },
    },
  }
}

export function AppProvider({ children, ssr = null }: { children: ReactNode; ssr?: SsrState | null }) {
  const [location, navigate] = useLocation()
  const locale = localeFromPath(location)
  const catalogue = useCatalogue(locale)
  const intl = intlOf(catalogue.locale, catalogue.messages)
  // Holds back hooks served with the page until the screen has hydrated (HydrationEnd in the router's
  // Suspense boundary), and the parts deferred below the fold after it (lib/deferred-part.tsx).
  const [guard] = useState(() => (ssr ? hydrationGuard(ssr.fallback) : null))
  const [{ endHydration, deferred }] = useState(() => hydrationSteps(guard?.end ?? noop))

  useEffect(() => {
    // Should the screen never hydrate (an error), hooks must not stay frozen.
    const timer = window.setTimeout(() => {
      endHydration()
      guard?.end()
    }, HYDRATION_GUARD_MS)
    return () => window.clearTimeout(timer)
  }, [endHydration, guard])

  useEffect(() => {
    configureApiClient({
      getLocale: () => localeFromPath(window.location.pathname),
      onSessionExpired: () => navigate(localizePath(localeFromPath(window.location.pathname), '/'), { replace: true }),
    })
  }, [navigate])

  useEffect(() => {
    document.documentElement.lang = locale
    document.cookie = `locale=${locale}; max-age=${LOCALE_COOKIE_MAX_AGE}; path=/; samesite=lax`
  }, [locale])

  const swrConfig = useMemo<SWRConfiguration>(
    () => ({
      ...SWR_DEFAULTS,
      ...(ssr && guard ? { fallback: ssr.fallback, use: [guard.middleware] } : {}),
    }),
    [ssr, guard],
  )

  return (
    <SsrContext.Provider value={ssr}>
      <HydrationEndContext.Provider value={endHydration}>
        <DeferredHydrationContext.Provider value={deferred}>
          <RawIntlProvider value={intl}>
            <SWRConfig value={swrConfig}>{children}</SWRConfig>
          </RawIntlProvider>
        </DeferredHydrationContext.Provider>
      </HydrationEndContext.Provider>
    </SsrContext.Provider>
  )
}
