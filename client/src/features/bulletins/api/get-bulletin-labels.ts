import { researchBriefReportCalls } from '@rpt/contract/site-calls'
import type { InputOf, TopLabelFacet } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export type BulletinLabelQuery = Pick<InputOf<typeof researchBriefReportCalls.categoryPage.path>, 'marketType' | 'keyword'>

export const getBulletinLabels = (query: BulletinLabelQuery): Promise<TopLabelFacet[]> =>
  apiCall(researchBriefReportCalls.categoryPage, query, { silent: true })

export const bulletinLabelsKey = (locale: Locale, query: BulletinLabelQuery) =>
  ['researchBriefReport/categoryPage', locale, JSON.stringify(query)] as const

export function useBulletinLabels(locale: Locale, query: BulletinLabelQuery) {
  return useSWR(bulletinLabelsKey(locale, query), () => getBulletinLabels(query))
}
