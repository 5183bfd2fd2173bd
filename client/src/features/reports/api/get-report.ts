import { CALLS } from '@rpt/contract/calls'
import type { ReportDetail } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'
import { loadOrMoved } from '../../../lib/moved-record'

/** Slugs may end in -{id}; the API resolves either form from webTitle. */
export const getReport = (webTitle: string): Promise<ReportDetail> => apiCall(CALLS.researchReport.form, { webTitle }, { silent: true })

export const reportKey = (locale: Locale, webTitle: string) => ['researchReport/form', locale, webTitle] as const

/** The report a slug names; a renamed one's old slug fails with RecordMoved (lib/moved-record). */
export function useReport(locale: Locale, webTitle: string | undefined) {
  const load = (slug: string) => loadOrMoved('report', slug, locale, () => getReport(slug))
  return useSWR(webTitle ? reportKey(locale, webTitle) : null, () => load(webTitle as string), {
    keepPreviousData: false,
  })
}
