export type Locale = 'zh-CN' | 'en-US'

export const LOCALES: readonly Locale[] = ['zh-CN', 'en-US']

// Legacy links carry the language as a first segment in several spellings
// (/{lang?}/news/...); all of them are accepted, but only /en is generated.
const PREFIXES: Record<string, Locale> = {
  en: 'en-US',
  'en-us': 'en-US',
  zh: 'zh-CN',
  cn: 'zh-CN',
  'zh-cn': 'zh-CN',
}

export interface LocalizedPath {
  locale: Locale
  /** The path without its language segment, always starting with '/' */
  path: string
}

export function splitLocale(pathname: string): LocalizedPath {
  const clean = pathname.startsWith('/') ? pathname : `/${pathname}`
  const match = /^\/([^/]+)(\/.*)?$/.exec(clean)
  const first = match?.[1]?.toLowerCase()
  if (first && first in PREFIXES) {
    return { locale: PREFIXES[first] as Locale, path: match?.[2] || '/' }
  }
  return { locale: 'zh-CN', path: clean }
}

export function localeFromPath(pathname: string): Locale {
  return splitLocale(pathname).locale
}

/** A site path in the given edition: Chinese at the root, English under /en. */
export function localizePath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`
  if (locale === 'zh-CN') return clean
  return clean === '/' ? '/en' : `/en${clean}`
}

export const otherLocale = (locale: Locale): Locale => (locale === 'zh-CN' ? 'en-US' : 'zh-CN')
