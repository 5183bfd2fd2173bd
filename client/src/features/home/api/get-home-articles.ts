import useSWR from 'swr'
import { apiGet } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export interface HomeNews {
  id: string
  title: string
  webTitle: string
  marketTypeName: string
  publishDate: string
  outline: string
}

export const getLatestNews = (limit: number): Promise<HomeNews[]> =>
  apiGet<HomeNews[]>('/report/marketInfo/topList', { limit }, { silent: true })

export const latestNewsKey = (locale: Locale, limit: number) => ['marketInfo/topList', locale, limit] as const

export function useLatestNews(locale: Locale, limit = 6) {
  return useSWR(latestNewsKey(locale, limit), () => getLatestNews(limit))
}

export interface HomeBulletin {
  id: string
  title: string
  webTitle: string
  marketTypeName: string
  topLabelName: string
  publishDate: string
  price: number
  currency: string
}

export const getChoiceBulletins = (limit: number): Promise<HomeBulletin[]> =>
  apiGet<HomeBulletin[]>('/report/researchBriefReport/choicenessReports', { limit }, { silent: true })

export const choiceBulletinsKey = (locale: Locale, limit: number) => ['researchBriefReport/choicenessReports', locale, limit] as const

export function useChoiceBulletins(locale: Locale, limit = 6, enabled = true) {
  return useSWR(enabled ? choiceBulletinsKey(locale, limit) : null, () => getChoiceBulletins(limit))
}
