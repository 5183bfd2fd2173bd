import useSWR from 'swr'
import { apiPost } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'
import type { ReportSummary } from './types'

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

export interface ReportListResult {
  categories: Array<{ marketType: string; marketTypeName: string; marketCount: number }>
  /** price and marketTypeName: the contract's (legacy) names of a band's value and label */
  prices: Array<{ price: number; marketTypeName: string; marketCount: number }>
  publishDates: Array<{ publishDateValue: string; marketTypeName: string; marketCount: number }>
  pageList: { list: ReportSummary[]; count: number; pageNo: number; pageSize: number }
}

export const getReports = (query: ReportListQuery): Promise<ReportListResult> =>
  apiPost<ReportListResult>('/report/researchReport/pageList', query, { silent: true })

export const reportsKey = (locale: Locale, query: ReportListQuery) => ['researchReport/pageList', locale, JSON.stringify(query)] as const

export function useReports(locale: Locale, query: ReportListQuery) {
  return useSWR(reportsKey(locale, query), () => getReports(query))
}
