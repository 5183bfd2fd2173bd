import type { NewsPage } from '@rpt/contract'
import useSWR from 'swr'
import { apiPost } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export interface NewsListQuery {
  pageNo: number
  pageSize: number
  marketType?: string
  marketCategory?: string
  keyword?: string
}

export const getNewsList = (query: NewsListQuery): Promise<NewsPage> =>
  apiPost<NewsPage>('/report/marketInfo/pageList', query, { silent: true })

export const newsListKey = (locale: Locale, query: NewsListQuery) => ['marketInfo/pageList', locale, JSON.stringify(query)] as const

export function useNewsList(locale: Locale, query: NewsListQuery) {
  return useSWR(newsListKey(locale, query), () => getNewsList(query))
}
