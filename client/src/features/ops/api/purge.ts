import useSWRMutation from 'swr/mutation'
import { apiPost } from '../../../lib/api-client'
import type { PurgeData, PurgeTarget } from './types'

export const purge = (target: PurgeTarget): Promise<PurgeData> => apiPost<PurgeData>('/bff/ops/purge', target)

export const purgeKey = 'ops/purge'

export function usePurge() {
  return useSWRMutation(purgeKey, (_key: string, { arg }: { arg: PurgeTarget }) => purge(arg))
}
