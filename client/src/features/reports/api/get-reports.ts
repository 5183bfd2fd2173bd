import { researchReportCalls } from '@rpt/contract/site-calls'
import type { ReportPageListData } from '@rpt/contract'
import useSWR from 'swr'
import { type PagedQuery, apiCall, callKey } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

const LIST = researchReportCalls.pageList

export type ReportListQuery = PagedQuery<typeof LIST.path, 'keyword' | 'marketType' | 'queryPrice' | 'queryPublishDate' | 'sort'>

export type ReportSort = NonNullable<ReportListQuery['sort']>
export const REPORT_SORTS = ['latest', 'price-asc', 'price-desc'] as const satisfies readonly ReportSort[]

export const getReports = (query: ReportListQuery): Promise<ReportPageListData> => apiCall(LIST, query, { silent: true })

export const reportsKey = (locale: Locale, query: ReportListQuery) => callKey(LIST, locale, query)

export function useReports(locale: Locale, query: ReportListQuery) {
  return useSWR(reportsKey(locale, query), () => getReports(query))
}
