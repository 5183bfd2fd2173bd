import { useEffect, type ReactNode } from 'react'
import { IntlProvider } from 'react-intl'
import { SWRConfig } from 'swr'
import { useLocation } from 'wouter'
import { configureApiClient } from '../lib/api-client'
import { messages } from '../lib/intl'
import { localeFromPath, localizePath } from '../lib/locale'

const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60

export function AppProvider({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation()
  const locale = localeFromPath(location)

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

  return (
    <IntlProvider locale={locale} messages={messages[locale]} defaultLocale="zh-CN">
      <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true }}>{children}</SWRConfig>
    </IntlProvider>
  )
}
