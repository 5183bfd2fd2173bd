import { CALLS } from '@rpt/contract/calls'
import type { ReportDetail } from '@rpt/contract'
import useSWR from 'swr'
import { isMissingRecord } from '../../../components/state-message'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

/** Slugs may end in -{id}; the API resolves either form from webTitle. */
export const getReport = (webTitle: string): Promise<ReportDetail> => apiCall(CALLS.researchReport.form, { webTitle }, { silent: true })

export const reportKey = (locale: Locale, webTitle: string) => ['researchReport/form', locale, webTitle] as const

/** A report asked for by a slug it no longer has: the screen goes to its new slug instead of saying it is missing. */
export class ReportMoved extends Error {
  readonly slug: string
  constructor(slug: string) {
    super(`the report has moved to ${slug}`)
    this.name = 'ReportMoved'
    this.slug = slug
  }
}

/**
 * The new slug of a renamed report, as the BFF's page payload names it
 * (data.movedTo beside the missing report's code), or null. The server
 * answers an old slug's address with a 301; a link followed inside the site
 * never reaches the server, so the client asks the same payload. Asked only
 * once a report is missing, and the BFF remembers its answers.
 */
export async function movedReportSlug(webTitle: string, locale: Locale): Promise<string | null> {
  try {
    const search = new URLSearchParams({ webTitle, lang: locale })
    const response = await fetch(`/bff/pages/report?${search.toString()}`, {
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      credentials: 'same-origin',
    })
    const envelope = (await response.json()) as { data?: { movedTo?: unknown } | null } | null
    const slug = envelope?.data?.movedTo
    return typeof slug === 'string' && slug !== '' && slug !== webTitle ? slug : null
  } catch {
    // Unreachable or not an envelope: the report is simply missing.
    return null
  }
}

async function getReportOrMoved(webTitle: string, locale: Locale): Promise<ReportDetail> {
  try {
    return await getReport(webTitle)
  } catch (error) {
    if (isMissingRecord(error)) {
      const slug = await movedReportSlug(webTitle, locale)
      if (slug) throw new ReportMoved(slug)
    }
    throw error
  }
}

/** The report a slug names; a renamed one's old slug fails with ReportMoved. */
export function useReport(locale: Locale, webTitle: string | undefined) {
  return useSWR(webTitle ? reportKey(locale, webTitle) : null, () => getReportOrMoved(webTitle as string, locale), {
    keepPreviousData: false,
  })
}
