import useSWR from 'swr'
import { apiGet } from '../../../lib/api-client'
import type { AuditData } from './types'

export const getAudit = (limit: number): Promise<AuditData> => apiGet<AuditData>('/bff/ops/audit', { limit }, { silent: true })

export const auditKey = (limit: number) => ['ops/audit', limit] as const

export function useAudit(limit = 50) {
  return useSWR(auditKey(limit), () => getAudit(limit), { refreshInterval: 30_000 })
}
