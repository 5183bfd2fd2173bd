import useSWR from 'swr'
import { apiPost } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export interface BulletinType {
  marketType: string
  marketTypeName: string
  marketCount: number
}

export const getBulletinTypes = (): Promise<BulletinType[]> =>
  apiPost<BulletinType[]>('/report/researchBriefReport/categoryList', {}, { silent: true })

export const bulletinTypesKey = (locale: Locale) => ['researchBriefReport/categoryList', locale] as const

export function useBulletinTypes(locale: Locale) {
  return useSWR(bulletinTypesKey(locale), getBulletinTypes)
}
