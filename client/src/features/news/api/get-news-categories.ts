import useSWR from 'swr'
import { apiPost } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export interface NewsMarket {
  marketType: string
  marketTypeName: string
  marketCount: number
  categories: Array<{ marketCategory: string; marketCategoryName: string; marketCount: number }>
}

export const getNewsCategories = (): Promise<NewsMarket[]> =>
  apiPost<NewsMarket[]>('/report/marketInfo/categoryList', {}, { silent: true })

export const newsCategoriesKey = (locale: Locale) => ['marketInfo/categoryList', locale] as const

export function useNewsCategories(locale: Locale) {
  return useSWR(newsCategoriesKey(locale), getNewsCategories)
}
