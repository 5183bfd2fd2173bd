import type { InputOf } from '@rpt/contract'
import type { websiteUserOrderCalls } from '@rpt/contract/site-calls'

// What the client keeps of orders beside the contract's types (OrderItem, OrderPage, DownloadPage, PayData).

/** An order's status as the order list filters it: 0 waiting for payment, 1 paid, 2 cancelled, 3 failed. */
export type OrderStatus = NonNullable<InputOf<typeof websiteUserOrderCalls.orderList.path>['status']>

/** Which list, and which endpoints, an order belongs to: bulletins ('brief') or reports ('research'). */
export type OrderKind = 'brief' | 'research'
