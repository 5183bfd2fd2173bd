import { researchBriefReportCalls } from '@rpt/contract/site-calls'
import type { BulletinCategoryFacet } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export const getBulletinTypes = (): Promise<BulletinCategoryFacet[]> => apiCall(researchBriefReportCalls.categoryList, {}, { silent: true })

export const bulletinTypesKey = (locale: Locale) => ['researchBriefReport/categoryList', locale] as const

export function useBulletinTypes(locale: Locale) {
  return useSWR(bulletinTypesKey(locale), getBulletinTypes)
}
