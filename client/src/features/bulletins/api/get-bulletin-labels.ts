import type { TopLabelFacet } from '@rpt/contract'
import useSWR from 'swr'
import { apiPost } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export interface BulletinLabelQuery {
  marketType?: string
  keyword?: string
}

export const getBulletinLabels = (query: BulletinLabelQuery): Promise<TopLabelFacet[]> =>
  apiPost<TopLabelFacet[]>('/report/researchBriefReport/categoryPage', query, { silent: true })

export const bulletinLabelsKey = (locale: Locale, query: BulletinLabelQuery) =>
  ['researchBriefReport/categoryPage', locale, JSON.stringify(query)] as const

export function useBulletinLabels(locale: Locale, query: BulletinLabelQuery) {
  return useSWR(bulletinLabelsKey(locale, query), () => getBulletinLabels(query))
}
