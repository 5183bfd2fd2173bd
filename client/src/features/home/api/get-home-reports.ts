import useSWR from 'swr'
import { apiGet, apiPost } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export interface HomeReport {
  id: string
  title: string
  webTitle: string
  marketType: string
  marketTypeName: string
  publishDate: string
  pageNum: number | null
  chart: number | null
  price: number | null
  multiPrice: number | null
  enterprisePrice: number | null
  currency: string
}

export const getHotReports = (limit: number): Promise<HomeReport[]> =>
  apiGet<HomeReport[]>('/report/researchReport/hotReports', { limit }, { silent: true })

export const hotReportsKey = (locale: Locale, limit: number) => ['researchReport/hotReports', locale, limit] as const

export function useHotReports(locale: Locale, limit = 8) {
  return useSWR(hotReportsKey(locale, limit), () => getHotReports(limit))
}

export interface CategoryCount {
  marketType: string
  marketTypeName: string
  marketCount: number
}

export const getReportCategories = (): Promise<CategoryCount[]> =>
  apiPost<CategoryCount[]>('/report/researchReport/categoryList', {}, { silent: true })

export const reportCategoriesKey = (locale: Locale) => ['researchReport/categoryList', locale] as const

export function useReportCategories(locale: Locale) {
  return useSWR(reportCategoriesKey(locale), getReportCategories)
}
