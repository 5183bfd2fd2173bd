import type { OrderPage } from '@rpt/contract'
import useSWR from 'swr'
import { apiPost } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'
import type { OrderKind, OrderStatus } from './types'

export interface OrderQuery {
  /** Report orders and bulletin orders are listed separately by the API. */
  kind: OrderKind
  pageNo: number
  pageSize: number
  status?: OrderStatus
}

export const getOrders = ({ kind, ...query }: OrderQuery): Promise<OrderPage> =>
  apiPost<OrderPage>(kind === 'research' ? '/report/websiteUserResearchOrder/orderList' : '/report/websiteUserOrder/orderList', query, {
    silent: true,
  })

export const ordersKey = (locale: Locale, query: OrderQuery) => ['websiteUserOrder/orderList', locale, JSON.stringify(query)] as const

export function useOrders(locale: Locale, query: OrderQuery, enabled = true) {
  return useSWR(enabled ? ordersKey(locale, query) : null, () => getOrders(query))
}
