import { marketInfoCalls } from '@rpt/contract/site-calls'
import type { NewsListItem } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export const getTopNews = (limit: number): Promise<NewsListItem[]> => apiCall(marketInfoCalls.topList, { limit }, { silent: true })

export const topNewsKey = (locale: Locale, limit: number) => ['marketInfo/topList', locale, limit] as const

export function useTopNews(locale: Locale, limit = 6) {
  return useSWR(topNewsKey(locale, limit), () => getTopNews(limit))
}
