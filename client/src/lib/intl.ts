import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl'
import { enUS, type MessageId } from '../locales/en-US'
import { zhCN } from '../locales/zh-CN'
import type { Locale } from './locale'

export type { MessageId }

export const messages: Record<Locale, Record<MessageId, string>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
}

const cache = createIntlCache()
const instances = new Map<Locale, IntlShape<string>>()

/** An intl instance for code outside React (the api client, tests). */
export function intlFor(locale: Locale): IntlShape<string> {
  let intl = instances.get(locale)
  if (!intl) {
    intl = createIntl({ locale, messages: messages[locale], defaultLocale: 'zh-CN' }, cache)
    instances.set(locale, intl)
  }
  return intl
}

export function translate(locale: Locale, id: MessageId, values?: Record<string, string | number>): string {
  return intlFor(locale).formatMessage({ id }, values)
}

export function hasMessage(id: string): id is MessageId {
  return id in enUS
}
