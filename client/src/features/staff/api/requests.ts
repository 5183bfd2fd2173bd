import type {
  ExportFormat,
  ListRequestsQuery,
  Page,
  RequestNote,
  RequestStatus,
  RequestType,
  StaffRequest,
  StaffRequestListItem,
  UpdateRequestBody,
} from '@rpt/contract'
import { STAFF_CALLS } from '@rpt/contract/staff-calls'
import useSWR from 'swr'
import { staffCall } from '../../../lib/staff-api-client'
import { exportUrlOf } from './export-url'

// The staff desk's requests inbox (contract/src/routes/staff-requests.ts), through the BFF's /staff-api.

const Q = STAFF_CALLS.staffRequests

export type ListRequestsInput = Omit<ListRequestsQuery, 'lang'>
export type RequestSort = NonNullable<ListRequestsInput['sort']>
export type RequestChange = Omit<UpdateRequestBody, 'lang' | 'version'>
export type { RequestStatus, RequestType, StaffRequest, StaffRequestListItem }

export const REQUEST_STATUSES: readonly RequestStatus[] = ['new', 'contacted', 'quoted', 'won', 'lost']
export const REQUEST_TYPES: readonly RequestType[] = ['sample', 'custom']

export const listRequests = (input: ListRequestsInput) =>
  staffCall<typeof Q.list.path, Page<StaffRequestListItem>>(Q.list, undefined, input, { silent: true })
export const requestListKey = (input: ListRequestsInput) => ['staff/requests', JSON.stringify(input)] as const
export function useRequestList(input: ListRequestsInput) {
  return useSWR<Page<StaffRequestListItem>, Error>(requestListKey(input), () => listRequests(input), { keepPreviousData: true })
}

export const getRequest = (id: string) => staffCall<typeof Q.get.path, StaffRequest>(Q.get, { id }, undefined, { silent: true })
export const requestKey = (id: string) => ['staff/request', id] as const
export function useRequest(id: string) {
  return useSWR<StaffRequest, Error>(requestKey(id), () => getRequest(id), { revalidateOnFocus: false })
}

export const updateRequest = (id: string, version: number, change: RequestChange) =>
  staffCall<typeof Q.update.path, StaffRequest>(Q.update, { id }, { version, ...change }, { silent: true })
export const addRequestNote = (id: string, body: string) =>
  staffCall<typeof Q.addNote.path, RequestNote>(Q.addNote, { id }, { body }, { silent: true })

/** The export's address: the list's filters and sort, not its paging. */
export const exportUrl = (input: ListRequestsInput, format: ExportFormat, lang: string): string =>
  exportUrlOf(Q.exportList.path, input, format, lang, ['pageNo', 'pageSize'])
