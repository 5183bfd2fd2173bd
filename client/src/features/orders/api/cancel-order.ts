import type { OrderItem } from '@rpt/contract'
import useSWRMutation from 'swr/mutation'
import { websiteUserOrderCalls, websiteUserResearchOrderCalls } from '@rpt/contract/site-calls'
import { apiCall } from '../../../lib/api-client'

// Research (report) orders and bulletin orders have their own endpoints.
export const cancelOrder = (order: Pick<OrderItem, 'id' | 'kind'>): Promise<OrderItem> =>
  order.kind === 'research'
    ? apiCall(websiteUserResearchOrderCalls.cancelOrder, { id: order.id })
    : apiCall(websiteUserOrderCalls.cancelOrder, { id: order.id })

export const cancelOrderKey = 'websiteUserOrder/cancelOrder'

export function useCancelOrder() {
  return useSWRMutation(cancelOrderKey, (_key: string, { arg }: { arg: Pick<OrderItem, 'id' | 'kind'> }) => cancelOrder(arg))
}
