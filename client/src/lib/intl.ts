import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl'
import type { MessageId } from '../locales/en-US'
import { LOCALES, type Locale } from './locale'

export type { MessageId }

export type Catalogue = Record<MessageId, string>

// One catalogue per edition, each its own chunk: a page loads only its
// edition's messages (the server preloads that chunk with the page), and
// another edition's on the rare move into it.
const CATALOGUES = import.meta.glob<Catalogue>('/src/locales/*.ts', { import: 'default' })

const loaded: Partial<Record<Locale, Catalogue>> = {}
const loading: Partial<Record<Locale, Promise<Catalogue>>> = {}

/** The catalogue's module, root-relative, as the client build's manifest keys it. */
export const catalogueModule = (locale: Locale): string => `src/locales/${locale}.ts`

/** Loads an edition's messages (once); render only once it has settled. */
export function loadMessages(locale: Locale): Promise<Catalogue> {
  const known = loaded[locale]
  if (known) return Promise.resolve(known)
  const load = CATALOGUES[`/${catalogueModule(locale)}`]
  if (!load) return Promise.reject(new Error(`no message catalogue for ${locale}`))
  loading[locale] ??= load().then(
    (catalogue) => (loaded[locale] = catalogue),
    (error: unknown) => {
      delete loading[locale]
      throw error
    },
  )
  return loading[locale]
}

/** Every edition's messages, for the server and tests. */
export const loadAllMessages = (): Promise<Catalogue[]> => Promise.all(LOCALES.map(loadMessages))

/** An edition's messages if they have loaded. */
export const messagesFor = (locale: Locale): Catalogue | undefined => loaded[locale]

/** The editions loaded so far, by locale (the page's own always is, before the first render). */
export const messages: Readonly<Partial<Record<Locale, Catalogue>>> = loaded

const cache = createIntlCache()
const instances = new Map<Locale, IntlShape<string>>()

/**
 * An intl instance for code outside React (the api client, the server's
 * head). Until the edition's messages have loaded (a move into the other
 * edition), the edition already loaded answers.
 */
export function intlFor(locale: Locale): IntlShape<string> {
  let intl = instances.get(locale)
  if (!intl) {
    const own = loaded[locale]
    const fallback = own ? locale : LOCALES.find((other) => loaded[other])
    if (!fallback) throw new Error(`no message catalogue has loaded (asked for ${locale})`)
    const made = createIntl({ locale: fallback, messages: loaded[fallback]!, defaultLocale: 'zh-CN' }, cache)
    if (!own) return made
    intl = made
    instances.set(locale, intl)
  }
  return intl
}

export function translate(locale: Locale, id: MessageId, values?: Record<string, string | number>): string {
  return intlFor(locale).formatMessage({ id }, values)
}

/** Whether the catalogues have a message of that id (they hold the same ids, checked by a test). */
export function hasMessage(id: string): id is MessageId {
  const catalogue = LOCALES.map((locale) => loaded[locale]).find(Boolean)
  return catalogue !== undefined && id in catalogue
}
