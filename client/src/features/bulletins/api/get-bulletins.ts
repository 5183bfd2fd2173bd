import { researchBriefReportCalls } from '@rpt/contract/site-calls'
import type { BulletinPage } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall, callKey, type PagedQuery } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

const LIST = researchBriefReportCalls.pageList

export type BulletinListQuery = PagedQuery<typeof LIST.path, 'marketType' | 'topLabelId' | 'keyword'>

export const getBulletins = (query: BulletinListQuery): Promise<BulletinPage> => apiCall(LIST, query, { silent: true })

export const bulletinsKey = (locale: Locale, query: BulletinListQuery) => callKey(LIST, locale, query)

export const useBulletins = (locale: Locale, query: BulletinListQuery) => useSWR(bulletinsKey(locale, query), () => getBulletins(query))
