import type { DictList } from '@rpt/contract'
import { CALLS } from '@rpt/contract/calls'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

// The categories an editor picks from are the public dictionaries, one per
// edition (reports_category_en for English), read through the site's API:
// reports_category for reports; bulletin_type and bulletin_label for
// bulletins; market_type and news_category for news.

const dictType = (base: string, edition: Locale) => (edition === 'en-US' ? `${base}_en` : base)

export const getDict = (base: string, edition: Locale): Promise<DictList> =>
  apiCall(CALLS.dict.listData, { dictType: dictType(base, edition) }, { silent: true })

export const getCategories = (edition: Locale): Promise<DictList> => getDict('reports_category', edition)

export function useDict(base: string, edition: Locale) {
  return useSWR<DictList, Error>(['staff/dict', base, edition], () => getDict(base, edition), { revalidateOnFocus: false })
}

export function useCategories(edition: Locale) {
  return useDict('reports_category', edition)
}
