import { researchReportCalls } from '@rpt/contract/site-calls'
import type { ReportListItem } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export const getHotReports = (limit: number): Promise<ReportListItem[]> =>
  apiCall(researchReportCalls.hotReports, { limit }, { silent: true })

export const hotReportsKey = (locale: Locale, limit: number) => ['researchReport/hotReports', locale, limit] as const

export function useHotReports(locale: Locale, limit = 6) {
  return useSWR(hotReportsKey(locale, limit), () => getHotReports(limit))
}
