import useSWR from 'swr'
import { apiGet } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'
import type { NewsSummary } from './types'

export const getTopNews = (limit: number): Promise<NewsSummary[]> =>
  apiGet<NewsSummary[]>('/report/marketInfo/topList', { limit }, { silent: true })

export const topNewsKey = (locale: Locale, limit: number) => ['marketInfo/topList', locale, limit] as const

export function useTopNews(locale: Locale, limit = 6) {
  return useSWR(topNewsKey(locale, limit), () => getTopNews(limit))
}
