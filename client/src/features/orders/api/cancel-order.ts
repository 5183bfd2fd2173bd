import useSWRMutation from 'swr/mutation'
import { apiPost } from '../../../lib/api-client'
import type { Order } from './types'

// Research (report) orders and bulletin orders have their own endpoints.
const pathFor = (kind: Order['kind']) =>
  kind === 'research' ? '/report/websiteUserResearchOrder/cancelOrder' : '/report/websiteUserOrder/cancelOrder'

export const cancelOrder = (order: Pick<Order, 'id' | 'kind'>): Promise<Order> => apiPost<Order>(pathFor(order.kind), { id: order.id })

export const cancelOrderKey = 'websiteUserOrder/cancelOrder'

export function useCancelOrder() {
  return useSWRMutation(cancelOrderKey, (_key: string, { arg }: { arg: Pick<Order, 'id' | 'kind'> }) => cancelOrder(arg))
}
