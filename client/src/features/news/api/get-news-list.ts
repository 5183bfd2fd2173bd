import { marketInfoCalls } from '@rpt/contract/site-calls'
import type { NewsPage } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall, callKey, type PagedQuery } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

const LIST = marketInfoCalls.pageList

export type NewsListQuery = PagedQuery<typeof LIST.path, 'marketType' | 'marketCategory' | 'keyword'>

export const getNewsList = (query: NewsListQuery): Promise<NewsPage> => apiCall(LIST, query, { silent: true })

export const newsListKey = (locale: Locale, query: NewsListQuery) => callKey(LIST, locale, query)

export const useNewsList = (locale: Locale, query: NewsListQuery) => useSWR(newsListKey(locale, query), () => getNewsList(query))
