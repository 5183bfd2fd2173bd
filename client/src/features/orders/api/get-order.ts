import { websiteUserOrderCalls } from '@rpt/contract/site-calls'
import type { OrderItem } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export const getOrder = (orderNo: string): Promise<OrderItem> => apiCall(websiteUserOrderCalls.orderInfo, { orderNo }, { silent: true })

export const orderKey = (locale: Locale, orderNo: string) => ['websiteUserOrder/orderInfo', locale, orderNo] as const

/** One order by number; refreshes every pollMs while it waits for its payment or for a refund. */
export function useOrder(locale: Locale, orderNo: string | undefined, options: { enabled: boolean; pollMs: number }) {
  return useSWR(options.enabled && orderNo ? orderKey(locale, orderNo) : null, () => getOrder(orderNo!), {
    refreshInterval: (latest) => (latest && (latest.status === '0' || latest.refund?.state === 'refunding') ? options.pollMs : 0),
  })
}
