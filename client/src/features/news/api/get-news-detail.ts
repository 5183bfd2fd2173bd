import { CALLS } from '@rpt/contract/calls'
import type { NewsDetail } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

/** The article (vo) with the previous (last) and next ones: the legacy names. */
export const getNewsDetail = (webTitle: string): Promise<NewsDetail> => apiCall(CALLS.marketInfo.detailList, { webTitle }, { silent: true })

export const newsDetailKey = (locale: Locale, webTitle: string) => ['marketInfo/detailList', locale, webTitle] as const

export function useNewsDetail(locale: Locale, webTitle: string | undefined) {
  return useSWR(webTitle ? newsDetailKey(locale, webTitle) : null, () => getNewsDetail(webTitle as string), { keepPreviousData: false })
}
