import { CALLS } from '@rpt/contract/calls'
import type { InputOf, OrderItem } from '@rpt/contract'
import useSWRMutation from 'swr/mutation'
import { apiCall } from '../../../lib/api-client'

export type ResearchEmailInput = Required<InputOf<typeof CALLS.websiteUserResearchOrder.updateEmail.path>>

export const updateResearchEmail = (input: ResearchEmailInput): Promise<OrderItem> =>
  apiCall(CALLS.websiteUserResearchOrder.updateEmail, {
    id: input.id,
    email: input.email.trim(),
    confirmEmail: input.confirmEmail.trim(),
  })

export const updateResearchEmailKey = 'websiteUserResearchOrder/updateEmail'

export function useUpdateResearchEmail() {
  return useSWRMutation(updateResearchEmailKey, (_key: string, { arg }: { arg: ResearchEmailInput }) => updateResearchEmail(arg))
}
