import type { NewsListItem } from '@rpt/contract'
import useSWR from 'swr'
import { apiGet } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export const getTopNews = (limit: number): Promise<NewsListItem[]> =>
  apiGet<NewsListItem[]>('/report/marketInfo/topList', { limit }, { silent: true })

export const topNewsKey = (locale: Locale, limit: number) => ['marketInfo/topList', locale, limit] as const

export function useTopNews(locale: Locale, limit = 6) {
  return useSWR(topNewsKey(locale, limit), () => getTopNews(limit))
}
