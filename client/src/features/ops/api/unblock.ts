import useSWRMutation from 'swr/mutation'
import { apiPost } from '../../../lib/api-client'
import type { UnblockInput } from './types'

export const unblock = (input: UnblockInput): Promise<{ cleared: number }> => apiPost<{ cleared: number }>('/bff/ops/unblock', input)

export const unblockKey = 'ops/unblock'

export function useUnblock() {
  return useSWRMutation(unblockKey, (_key: string, { arg }: { arg: UnblockInput }) => unblock(arg))
}
