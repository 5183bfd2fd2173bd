import { useCallback } from 'react'
import { useLocation } from 'wouter'
import { localeFromPath, localizePath, type Locale } from './locale'

export function useLocale(): Locale {
  const [location] = useLocation()
  return localeFromPath(location)
}

/** Turns an edition-neutral path ('/reports/x') into this edition's link. */
export function useLocalize(): (path: string) => string {
  const locale = useLocale()
  return useCallback((path: string) => localizePath(locale, path), [locale])
}
