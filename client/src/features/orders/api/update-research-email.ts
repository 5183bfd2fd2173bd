import { websiteUserResearchOrderCalls } from '@rpt/contract/site-calls'
import type { InputOf, OrderItem } from '@rpt/contract'
import useSWRMutation from 'swr/mutation'
import { apiCall } from '../../../lib/api-client'

type EmailBody = InputOf<typeof websiteUserResearchOrderCalls.updateEmail.path>

/** The e-mail and its confirmation; addressId only for an edition with a paper copy. */
export type ResearchEmailInput = Required<Omit<EmailBody, 'addressId'>> & Pick<EmailBody, 'addressId'>

export const updateResearchEmail = (input: ResearchEmailInput): Promise<OrderItem> =>
  apiCall(websiteUserResearchOrderCalls.updateEmail, {
    id: input.id,
    email: input.email.trim(),
    confirmEmail: input.confirmEmail.trim(),
    ...(input.addressId ? { addressId: input.addressId } : {}),
  })

export const updateResearchEmailKey = 'websiteUserResearchOrder/updateEmail'

export function useUpdateResearchEmail() {
  return useSWRMutation(updateResearchEmailKey, (_key: string, { arg }: { arg: ResearchEmailInput }) => updateResearchEmail(arg))
}
