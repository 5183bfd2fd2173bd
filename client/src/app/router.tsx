import { Suspense, useEffect, useLayoutEffect, useMemo } from 'react'
import { useLocation, useRouter } from 'wouter'
import { Layout } from '../features/layout/components/layout'
import { localizePath } from '../lib/locale'
import { useT } from '../lib/use-t'
import { ErrorBoundary } from './error-boundary'
import { NOT_FOUND_ROUTE, resolveRoute } from './routes'
import { SCREENS } from './screens'
import { HydrationEnd, useSsrState } from './ssr-context'

function PageFallback() {
  return (
    <div className="container page-section" aria-busy="true">
      <span className="skeleton" style={{ height: 28, width: '40%', marginBottom: 24 }} />
      <span className="skeleton" style={{ height: 16, width: '90%', marginBottom: 12 }} />
      <span className="skeleton" style={{ height: 16, width: '75%', marginBottom: 12 }} />
      <span className="skeleton" style={{ height: 16, width: '82%' }} />
    </div>
  )
}

export function AppRouter() {
  const [location, navigate] = useLocation()
  // The route is resolved from the path and query as sent (percent-encoded),
  // as the server resolves them: wouter's location and search are already
  // passed through decodeURI, and decoding them again would read a slug
  // holding '%25' differently from the server.
  const router = useRouter()
  const [rawPath] = router.hook(router)
  const rawSearch = router.searchHook(router)
  const t = useT()
  const ssrNotFound = useSsrState()?.notFound
  const resolved = useMemo(() => resolveRoute(rawPath, rawSearch), [rawPath, rawSearch])
  const { params, locale } = resolved
  // The server answered this path with the 404 page (its record is missing);
  // render the same screen so hydration matches. Both are the path as sent.
  const route = ssrNotFound !== undefined && ssrNotFound === rawPath ? NOT_FOUND_ROUTE : resolved.route
  const Screen = SCREENS[route.screen]

  // A layout effect runs before the screens' own effects, so a detail screen
  // can refine the title (record name) without this one overwriting it.
  const title = t(route.titleId)
  useLayoutEffect(() => {
    document.title = `${title} - ${t('site.name')}`
  }, [title, t])

  useEffect(() => {
    window.scrollTo(0, 0)
  }, [location])

  const home = localizePath(locale, '/')
  return (
    <Layout activeIndex={route.activeIndex} hideLanguageSwitch={Boolean(route.hideLanguageSwitch)} bare={Boolean(route.bare)}>
      <ErrorBoundary
        resetKey={location}
        fallbackText={t('common.errorTitle')}
        reloadLabel={t('build.reload')}
        onError={() => {
          if (location !== home) navigate(home, { replace: true })
        }}
      >
        <Suspense fallback={<PageFallback />}>
          <Screen key={route.screen} params={params} />
          <HydrationEnd />
        </Suspense>
      </ErrorBoundary>
    </Layout>
  )
}
