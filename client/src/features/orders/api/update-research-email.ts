import type { OrderItem } from '@rpt/contract'
import useSWRMutation from 'swr/mutation'
import { apiPost } from '../../../lib/api-client'

export interface ResearchEmailInput {
  id: string
  email: string
  confirmEmail: string
}

export const updateResearchEmail = (input: ResearchEmailInput): Promise<OrderItem> =>
  apiPost<OrderItem>('/report/websiteUserResearchOrder/updateEmail', {
    id: input.id,
    email: input.email.trim(),
    confirmEmail: input.confirmEmail.trim(),
  })

export const updateResearchEmailKey = 'websiteUserResearchOrder/updateEmail'

export function useUpdateResearchEmail() {
  return useSWRMutation(updateResearchEmailKey, (_key: string, { arg }: { arg: ResearchEmailInput }) => updateResearchEmail(arg))
}
