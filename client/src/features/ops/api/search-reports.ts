import useSWR from 'swr'
import { apiGet } from '../../../lib/api-client'
import type { FoundReport } from './types'

export const searchReports = (keyword: string): Promise<FoundReport[]> =>
  apiGet<{ reports: FoundReport[] }>('/bff/ops/reports', { keyword }).then((data) => data.reports)

export const searchReportsKey = (keyword: string) => (keyword ? (['ops/reports', keyword] as const) : null)

/** Reports whose title holds the keyword, in both editions; nothing is asked for an empty keyword. */
export function useReportSearch(keyword: string) {
  return useSWR(searchReportsKey(keyword), () => searchReports(keyword))
}
