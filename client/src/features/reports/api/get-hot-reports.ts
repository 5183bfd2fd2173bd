import useSWR from 'swr'
import { apiGet } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'
import type { ReportSummary } from './types'

export const getHotReports = (limit: number): Promise<ReportSummary[]> =>
  apiGet<ReportSummary[]>('/report/researchReport/hotReports', { limit }, { silent: true })

export const hotReportsKey = (locale: Locale, limit: number) => ['researchReport/hotReports', locale, limit] as const

export function useHotReports(locale: Locale, limit = 6) {
  return useSWR(hotReportsKey(locale, limit), () => getHotReports(limit))
}
