import type { DictList } from '@rpt/contract'
import { CALLS } from '@rpt/contract/calls'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

// The report categories are the public reports_category dictionary (one per
// edition: reports_category_en for English), read through the site's API.

const dictType = (edition: Locale) => (edition === 'en-US' ? 'reports_category_en' : 'reports_category')

export const getCategories = (edition: Locale): Promise<DictList> =>
  apiCall(CALLS.dict.listData, { dictType: dictType(edition) }, { silent: true })

export function useCategories(edition: Locale) {
  return useSWR<DictList, Error>(['staff/categories', edition], () => getCategories(edition), { revalidateOnFocus: false })
}
