import type { BulletinPage } from '@rpt/contract'
import useSWR from 'swr'
import { apiPost } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export interface BulletinListQuery {
  pageNo: number
  pageSize: number
  marketType?: string
  topLabelId?: string
  keyword?: string
}

export const getBulletins = (query: BulletinListQuery): Promise<BulletinPage> =>
  apiPost<BulletinPage>('/report/researchBriefReport/pageList', query, { silent: true })

export const bulletinsKey = (locale: Locale, query: BulletinListQuery) =>
  ['researchBriefReport/pageList', locale, JSON.stringify(query)] as const

export function useBulletins(locale: Locale, query: BulletinListQuery) {
  return useSWR(bulletinsKey(locale, query), () => getBulletins(query))
}
