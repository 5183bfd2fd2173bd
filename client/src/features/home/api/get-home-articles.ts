import { marketInfoCalls, researchBriefReportCalls } from '@rpt/contract/site-calls'
import type { BulletinListItem, NewsListItem } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export const getLatestNews = (limit: number): Promise<NewsListItem[]> => apiCall(marketInfoCalls.topList, { limit }, { silent: true })

export const latestNewsKey = (locale: Locale, limit: number) => ['marketInfo/topList', locale, limit] as const

export function useLatestNews(locale: Locale, limit = 6) {
  return useSWR(latestNewsKey(locale, limit), () => getLatestNews(limit))
}

export const getChoiceBulletins = (limit: number): Promise<BulletinListItem[]> =>
  apiCall(researchBriefReportCalls.choicenessReports, { limit }, { silent: true })

export const choiceBulletinsKey = (locale: Locale, limit: number) => ['researchBriefReport/choicenessReports', locale, limit] as const

export function useChoiceBulletins(locale: Locale, limit = 6, enabled = true) {
  return useSWR(enabled ? choiceBulletinsKey(locale, limit) : null, () => getChoiceBulletins(limit))
}
