import { researchReportCalls } from '@rpt/contract/site-calls'
import type { ReportCategoryFacet, ReportListItem } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export const getHotReports = (limit: number): Promise<ReportListItem[]> =>
  apiCall(researchReportCalls.hotReports, { limit }, { silent: true })

export const hotReportsKey = (locale: Locale, limit: number) => ['researchReport/hotReports', locale, limit] as const

export function useHotReports(locale: Locale, limit = 8) {
  return useSWR(hotReportsKey(locale, limit), () => getHotReports(limit))
}

export const getReportCategories = (): Promise<ReportCategoryFacet[]> => apiCall(researchReportCalls.categoryList, {}, { silent: true })

export const reportCategoriesKey = (locale: Locale) => ['researchReport/categoryList', locale] as const

export function useReportCategories(locale: Locale) {
  return useSWR(reportCategoriesKey(locale), getReportCategories)
}
