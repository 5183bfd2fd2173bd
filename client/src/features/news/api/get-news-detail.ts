import useSWR from 'swr'
import { apiGet } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'
import type { NewsDetail, NewsLink } from './types'

export interface NewsDetailResult {
  /** The article, with the previous (last) and next ones: the legacy names */
  vo: NewsDetail
  last: NewsLink | null
  next: NewsLink | null
}

export const getNewsDetail = (webTitle: string): Promise<NewsDetailResult> =>
  apiGet<NewsDetailResult>('/report/marketInfo/detailList', { webTitle }, { silent: true })

export const newsDetailKey = (locale: Locale, webTitle: string) => ['marketInfo/detailList', locale, webTitle] as const

export function useNewsDetail(locale: Locale, webTitle: string | undefined) {
  return useSWR(webTitle ? newsDetailKey(locale, webTitle) : null, () => getNewsDetail(webTitle as string), { keepPreviousData: false })
}
