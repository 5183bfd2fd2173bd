import type { AuditEntry, AuditQuery, Page } from '@rpt/contract'
import { STAFF_CALLS } from '@rpt/contract/staff-calls'
import useSWR from 'swr'
import { staffCall } from '../../../lib/staff-api-client'

export type AuditInput = Omit<AuditQuery, 'lang'>

export const listAudit = (input: AuditInput) => staffCall(STAFF_CALLS.staffAudit.list, undefined, input, { silent: true })

export function useAudit(input: AuditInput) {
  return useSWR<Page<AuditEntry>, Error>(['staff/audit', JSON.stringify(input)], () => listAudit(input), { keepPreviousData: true })
}
