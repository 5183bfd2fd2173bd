import type { BulletinDetail } from '@rpt/contract'
import useSWR from 'swr'
import { apiGet } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export interface BulletinRef {
  webTitle?: string
  id?: string
}

export const getBulletin = (ref: BulletinRef): Promise<BulletinDetail> =>
  apiGet<BulletinDetail>('/report/researchBriefReport/form', { ...ref }, { silent: true })

export const bulletinKey = (locale: Locale, ref: BulletinRef) =>
  ['researchBriefReport/form', locale, ref.webTitle ?? '', ref.id ?? ''] as const

export function useBulletin(locale: Locale, ref: BulletinRef) {
  const usable = Boolean(ref.webTitle || ref.id)
  return useSWR(usable ? bulletinKey(locale, ref) : null, () => getBulletin(ref), { keepPreviousData: false })
}
