import { researchReportCalls } from '@rpt/contract/site-calls'
import type { ReportDetail } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'
import { loadOrMoved } from '../../../lib/moved-record'

/** Slugs may end in -{id}; the API resolves either form from webTitle. */
export const getReport = (webTitle: string): Promise<ReportDetail> => apiCall(researchReportCalls.form, { webTitle }, { silent: true })

export const reportKey = (locale: Locale, webTitle: string) => ['researchReport/form', locale, webTitle] as const

/**
 * The staff's SEO title and description of a report's page: the BFF's page payload carries them (the legacy
 * detail does not), and the server rendered the head with them; the client finds them among the data the
 * page was served with, so the tab keeps the server's title. A report reached by a link inside the site has
 * none: its title is made from the report, as before.
 */
export const reportSeoKey = (locale: Locale, webTitle: string) => ['content/seo', locale, webTitle] as const
export function useReportSeo(locale: Locale, webTitle: string | undefined) {
  return useSWR<{ seoTitle?: string; seoDescription?: string }>(webTitle ? reportSeoKey(locale, webTitle) : null, null)
}

/** The report a slug names; a renamed one's old slug fails with RecordMoved (lib/moved-record). */
export function useReport(locale: Locale, webTitle: string | undefined) {
  const load = (slug: string) => loadOrMoved('report', slug, locale, () => getReport(slug))
  return useSWR(webTitle ? reportKey(locale, webTitle) : null, () => load(webTitle as string), {
    keepPreviousData: false,
  })
}
