import { researchBriefReportCalls } from '@rpt/contract/site-calls'
import type { BulletinDetail, InputOf } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'
import { loadOrMoved } from '../../../lib/moved-record'

export type BulletinRef = Pick<InputOf<typeof researchBriefReportCalls.form.path>, 'webTitle' | 'id'>

export const getBulletin = (ref: BulletinRef): Promise<BulletinDetail> =>
  apiCall(researchBriefReportCalls.form, { ...ref }, { silent: true })

export const bulletinKey = (locale: Locale, ref: BulletinRef) =>
  ['researchBriefReport/form', locale, ref.webTitle ?? '', ref.id ?? ''] as const

/** The bulletin a slug (or id) names; a renamed one's old slug fails with RecordMoved (lib/moved-record). */
export function useBulletin(locale: Locale, ref: BulletinRef) {
  const usable = Boolean(ref.webTitle || ref.id)
  const load = () => (ref.webTitle ? loadOrMoved('bulletin', ref.webTitle, locale, () => getBulletin(ref)) : getBulletin(ref))
  return useSWR(usable ? bulletinKey(locale, ref) : null, load, { keepPreviousData: false })
}
