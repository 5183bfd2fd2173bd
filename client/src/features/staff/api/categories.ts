import type { DictList } from '@rpt/contract'
import { dictCalls } from '@rpt/contract/site-calls'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

// The categories an editor picks from are the public dictionaries, one per
// language (reports_category_en for English), read through the site's API:
// reports_category for reports; bulletin_type and bulletin_label for
// bulletins; market_type and news_category for news.

const dictType = (base: string, language: Locale) => (language === 'en-US' ? `${base}_en` : base)

export const getDict = (base: string, language: Locale): Promise<DictList> =>
  apiCall(dictCalls.listData, { dictType: dictType(base, language) }, { silent: true })

export const getCategories = (language: Locale): Promise<DictList> => getDict('reports_category', language)

export function useDict(base: string, language: Locale) {
  return useSWR<DictList, Error>(['staff/dict', base, language], () => getDict(base, language), { revalidateOnFocus: false })
}

export function useCategories(language: Locale) {
  return useDict('reports_category', language)
}
