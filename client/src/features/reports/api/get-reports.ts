import type { ReportPageListData } from '@rpt/contract'
import useSWR from 'swr'
import { apiPost } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export interface ReportListQuery {
  pageNo: number
  pageSize: number
  keyword?: string
  marketType?: string
  queryPrice?: number
  queryPublishDate?: string
  sort?: ReportSort
}

export const REPORT_SORTS = ['latest', 'price-asc', 'price-desc'] as const
export type ReportSort = (typeof REPORT_SORTS)[number]

export const getReports = (query: ReportListQuery): Promise<ReportPageListData> =>
  apiPost<ReportPageListData>('/report/researchReport/pageList', query, { silent: true })

export const reportsKey = (locale: Locale, query: ReportListQuery) => ['researchReport/pageList', locale, JSON.stringify(query)] as const

export function useReports(locale: Locale, query: ReportListQuery) {
  return useSWR(reportsKey(locale, query), () => getReports(query))
}
