import { CALLS } from '@rpt/contract/calls'
import type { ReportDetail } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

/** Slugs may end in -{id}; the API resolves either form from webTitle. */
export const getReport = (webTitle: string): Promise<ReportDetail> => apiCall(CALLS.researchReport.form, { webTitle }, { silent: true })

export const reportKey = (locale: Locale, webTitle: string) => ['researchReport/form', locale, webTitle] as const

export function useReport(locale: Locale, webTitle: string | undefined) {
  return useSWR(webTitle ? reportKey(locale, webTitle) : null, () => getReport(webTitle as string), { keepPreviousData: false })
}
