import { websiteUserResearchOrderCalls } from '@rpt/contract/site-calls'
import type { InputOf, OrderItem } from '@rpt/contract'
import useSWRMutation from 'swr/mutation'
import { apiCall } from '../../../lib/api-client'

export type ResearchOrderInput = Pick<InputOf<typeof websiteUserResearchOrderCalls.save.path>, 'reportId' | 'edition' | 'licence'>

/** Creates an unpaid order at the server's price; 100009 when one already waits. */
export const createResearchOrder = (input: ResearchOrderInput): Promise<OrderItem> => apiCall(websiteUserResearchOrderCalls.save, input)

export const createResearchOrderKey = 'websiteUserResearchOrder/save'

export function useCreateResearchOrder() {
  return useSWRMutation(createResearchOrderKey, (_key: string, { arg }: { arg: ResearchOrderInput }) => createResearchOrder(arg))
}
