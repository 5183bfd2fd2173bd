import type { Edition, Licence, OrderItem } from '@rpt/contract'
import useSWRMutation from 'swr/mutation'
import { apiPost } from '../../../lib/api-client'

export interface ResearchOrderInput {
  reportId: string
  edition: Edition
  licence: Licence
}

/** Creates an unpaid order at the server's price; 100009 when one already waits. */
export const createResearchOrder = (input: ResearchOrderInput): Promise<OrderItem> =>
  apiPost<OrderItem>('/report/websiteUserResearchOrder/save', input)

export const createResearchOrderKey = 'websiteUserResearchOrder/save'

export function useCreateResearchOrder() {
  return useSWRMutation(createResearchOrderKey, (_key: string, { arg }: { arg: ResearchOrderInput }) => createResearchOrder(arg))
}
