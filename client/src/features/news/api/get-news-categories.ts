import { marketInfoCalls } from '@rpt/contract/site-calls'
import type { NewsMarketTypeCount } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export const getNewsCategories = (): Promise<NewsMarketTypeCount[]> => apiCall(marketInfoCalls.categoryList, {}, { silent: true })

export const newsCategoriesKey = (locale: Locale) => ['marketInfo/categoryList', locale] as const

export function useNewsCategories(locale: Locale) {
  return useSWR(newsCategoriesKey(locale), getNewsCategories)
}
