import type { OrderPage } from '@rpt/contract'
import useSWR from 'swr'
import { websiteUserOrderCalls, websiteUserResearchOrderCalls } from '@rpt/contract/site-calls'
import { type PagedQuery, apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'
import type { OrderKind } from './types'

export type OrderQuery = PagedQuery<typeof websiteUserOrderCalls.orderList.path, 'status'> & {
  /** Report orders and bulletin orders are listed separately by the API. */
  kind: OrderKind
}

export const getOrders = ({ kind, ...query }: OrderQuery): Promise<OrderPage> =>
  kind === 'research'
    ? apiCall(websiteUserResearchOrderCalls.orderList, query, { silent: true })
    : apiCall(websiteUserOrderCalls.orderList, query, { silent: true })

export const ordersKey = (locale: Locale, query: OrderQuery) => ['websiteUserOrder/orderList', locale, JSON.stringify(query)] as const

export function useOrders(locale: Locale, query: OrderQuery, enabled = true) {
  return useSWR(enabled ? ordersKey(locale, query) : null, () => getOrders(query))
}
