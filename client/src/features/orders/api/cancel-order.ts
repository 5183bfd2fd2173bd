import type { OrderItem } from '@rpt/contract'
import useSWRMutation from 'swr/mutation'
import { apiPost } from '../../../lib/api-client'

// Research (report) orders and bulletin orders have their own endpoints.
const pathFor = (kind: string) =>
  kind === 'research' ? '/report/websiteUserResearchOrder/cancelOrder' : '/report/websiteUserOrder/cancelOrder'

export const cancelOrder = (order: Pick<OrderItem, 'id' | 'kind'>): Promise<OrderItem> =>
  apiPost<OrderItem>(pathFor(order.kind), { id: order.id })

export const cancelOrderKey = 'websiteUserOrder/cancelOrder'

export function useCancelOrder() {
  return useSWRMutation(cancelOrderKey, (_key: string, { arg }: { arg: Pick<OrderItem, 'id' | 'kind'> }) => cancelOrder(arg))
}
