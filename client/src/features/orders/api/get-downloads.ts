import { websiteUserOrderCalls } from '@rpt/contract/site-calls'
import type { DownloadPage } from '@rpt/contract'
import useSWR from 'swr'
import { type PagedQuery, apiCall } from '../../../lib/api-client'
import { apiDownload } from '../../../lib/api-download'
import type { Locale } from '../../../lib/locale'

export type DownloadQuery = PagedQuery<typeof websiteUserOrderCalls.downList.path, never>

export const getDownloads = (query: DownloadQuery): Promise<DownloadPage> =>
  apiCall(websiteUserOrderCalls.downList, query, { silent: true })

export const downloadsKey = (locale: Locale, query: DownloadQuery) => ['websiteUserOrder/downList', locale, JSON.stringify(query)] as const

export function useDownloads(locale: Locale, query: DownloadQuery, enabled = true) {
  return useSWR(enabled ? downloadsKey(locale, query) : null, () => getDownloads(query))
}

/** Streams the file of a paid order (or of a seat) and saves it; silent: a refusal (the daily limit, a seat taken back) shows on its row. */
export const downloadFile = (orderId: string, fallbackName: string): Promise<void> =>
  apiDownload(websiteUserOrderCalls.downFile.path, { id: orderId }, fallbackName, { silent: true })
