import { marketInfoCalls } from '@rpt/contract/site-calls'
import type { NewsDetail } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'
import { loadOrMoved } from '../../../lib/moved-record'

/** The article (vo) with the previous (last) and next ones: the legacy names. */
export const getNewsDetail = (webTitle: string): Promise<NewsDetail> => apiCall(marketInfoCalls.detailList, { webTitle }, { silent: true })

export const newsDetailKey = (locale: Locale, webTitle: string) => ['marketInfo/detailList', locale, webTitle] as const

/** The article a slug names; a renamed one's old slug fails with RecordMoved (lib/moved-record). */
export function useNewsDetail(locale: Locale, webTitle: string | undefined) {
  const load = (slug: string) => loadOrMoved('article', slug, locale, () => getNewsDetail(slug))
  return useSWR(webTitle ? newsDetailKey(locale, webTitle) : null, () => load(webTitle as string), { keepPreviousData: false })
}
