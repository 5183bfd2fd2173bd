import { dictCalls } from '@rpt/contract/site-calls'
import type { DictList } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from './api-client'
import type { Locale } from './locale'

export type MenuDictType = 'reports_category' | 'market_type' | 'bulletin_type'

const typeFor = (type: MenuDictType, locale: Locale) => (locale === 'en-US' ? `${type}_en` : type)

export const getMenuDict = (type: MenuDictType, locale: Locale): Promise<DictList> =>
  apiCall(dictCalls.listData, { dictType: typeFor(type, locale) }, { silent: true })

export const menuDictKey = (type: MenuDictType, locale: Locale) => ['dict', typeFor(type, locale), locale] as const

export function useMenuDict(type: MenuDictType, locale: Locale) {
  return useSWR(menuDictKey(type, locale), () => getMenuDict(type, locale))
}

/** Each entry's icon (dictIcon) by its value: the same answer the header's menu reads, so asked once. */
export function useDictIcons(type: MenuDictType, locale: Locale): ReadonlyMap<string, string | null> {
  const { data } = useMenuDict(type, locale)
  // Icons are decoration: an answer that is not a list (an error page's) draws none rather than failing the page.
  return new Map((Array.isArray(data) ? data : []).map((entry) => [entry.dictValue, entry.dictIcon ?? null]))
}
