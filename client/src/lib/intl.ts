import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl'
import type { PageMessageId } from '../locales/en-US'
import type { OnDemandMessageId } from '../locales/on-demand/en-US'
import { LOCALES, type Locale } from './locale'

export type MessageId = PageMessageId | OnDemandMessageId

export type Catalogue = Record<MessageId, string>

type Part = Record<string, string>

// Each edition's messages come in two parts, each part a chunk per edition:
// the page catalogue (src/locales/<locale>.ts), which the server preloads
// with every page, and the on-demand one (src/locales/on-demand/), the words
// of the forms, the personal centre and checkout, which loads with the first
// screen or modal that shows them (withOnDemandMessages). A page loads only
// its edition's page catalogue, and another edition's on the rare move into it.
const PAGE_PARTS = import.meta.glob<Part>('/src/locales/*.ts', { import: 'default' })
const ON_DEMAND_PARTS = import.meta.glob<Part>('/src/locales/on-demand/*.ts', { import: 'default' })

/** Each edition's catalogue once its page part has loaded: this module's own copy, which the on-demand part joins. */
const loaded: Partial<Record<Locale, Catalogue>> = {}
const pages: Partial<Record<Locale, Promise<Catalogue>>> = {}
const onDemand: Partial<Record<Locale, Promise<unknown>>> = {}
/** Set by the first screen or modal that needs the on-demand words: from then on every edition loads them too. */
let onDemandWanted = false

/** The catalogue's module, root-relative, as the client build's manifest keys it. */
export const catalogueModule = (locale: Locale): string => `src/locales/${locale}.ts`
/** The on-demand catalogue's module, as the manifest keys it. */
export const onDemandCatalogueModule = (locale: Locale): string => `src/locales/on-demand/${locale}.ts`

function loadPart(parts: Record<string, () => Promise<Part>>, module: string, locale: Locale): Promise<Part> {
  const load = parts[module]
  return load ? load() : Promise.reject(new Error(`no message catalogue for ${locale} (${module})`))
}

function loadPage(locale: Locale): Promise<Catalogue> {
  pages[locale] ??= loadPart(PAGE_PARTS, `/${catalogueModule(locale)}`, locale).then(
    (part) => ({ ...part }) as Catalogue,
    (error: unknown) => {
      delete pages[locale]
      throw error
    },
  )
  return pages[locale]
}

// The on-demand words join the edition's catalogue in place. Nothing shown
// before uses them, and react-intl reads the catalogue when it formats, so
// the page need not render again (the screen or modal that waited for them
// renders after they have joined).
function loadOnDemand(locale: Locale): Promise<unknown> {
  onDemand[locale] ??= Promise.all([loadPage(locale), loadPart(ON_DEMAND_PARTS, `/${onDemandCatalogueModule(locale)}`, locale)]).then(
    ([catalogue, part]) => Object.assign(catalogue, part),
    (error: unknown) => {
      delete onDemand[locale]
      throw error
    },
  )
  return onDemand[locale]
}

/** Loads an edition's messages (once), with the on-demand part once anything has needed it; render only once it has settled. */
export function loadMessages(locale: Locale): Promise<Catalogue> {
  const page = loadPage(locale)
  const whole = onDemandWanted ? Promise.all([page, loadOnDemand(locale)]).then(() => page) : page
  return whole.then((catalogue) => (loaded[locale] = catalogue))
}

/**
 * A screen's or modal's loader that also loads the on-demand words, for every
 * edition loaded or on its way, before its module is handed to React.
 */
export function withOnDemandMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    onDemandWanted = true
    const editions = Object.keys(pages) as Locale[]
    return Promise.all([load(), ...editions.map(loadOnDemand)]).then(([module]) => module)
  }
}

/** Every edition's messages, both parts, for the server and tests. */
export const loadAllMessages = (): Promise<Catalogue[]> => {
  onDemandWanted = true
  return Promise.all(LOCALES.map(loadMessages))
}

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
