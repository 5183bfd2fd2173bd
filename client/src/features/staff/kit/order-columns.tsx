import type { ReactNode } from 'react'
import type { PaymentMethod, StaffOrderPage } from '../api/orders'
import type { Column } from './data-table'
import { formatDateTime } from './format'
import { ConsoleLink } from './list-controls'
import { useStaff } from './staff-context'
import { useStaffT } from './use-staff-t'

// An order's row, as the orders list shows it and a customer's page lists
// the customer's orders: each number opens the order's page.

type Order = StaffOrderPage['list'][number]
type Sortable = (sort: 'createdAt' | 'paidAt' | 'amount') => (label: string) => ReactNode

export const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`

/** A payment method's name ('—' for none chosen). */
export function useMethodName() {
  const t = useStaffT()
  return (method: string | null) => (method ? t(`staff.orders.method.${method as PaymentMethod | 'none'}`) : '—')
}

const EDITIONS = ['standard', 'professional'] as const
const LICENCES = ['single', 'multi', 'enterprise'] as const
const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T => list.includes(value as T)

/** An order line as words: the item, its edition and licence in the console's language (an unknown value as it is). */
export function useLineText() {
  const t = useStaffT()
  return (line: { title: string; edition: string | null; licence: string | null }) => {
    const edition = isOneOf(EDITIONS, line.edition) ? t(`staff.orderEdition.${line.edition}`) : line.edition
    const licence = isOneOf(LICENCES, line.licence) ? t(`staff.licence.${line.licence}`) : line.licence
    return [line.title, edition, licence].filter(Boolean).join(' · ')
  }
}

/** The orders' columns; sortable where the list sorts on the server, the buyer's only where orders of many buyers show. */
export function useOrderColumns({ sortable, buyer = true }: { sortable?: Sortable; buyer?: boolean } = {}): Column<Order>[] {
  const t = useStaffT()
  const { locale } = useStaff()
  const methodName = useMethodName()
  return [
    {
      label: t('staff.orders.orderNo'),
      className: 'staff-mono',
      cell: (order) => <ConsoleLink path={`/staff/orders/${order.orderNo}`}>{order.orderNo}</ConsoleLink>,
    },
    { label: t('staff.orders.item'), className: 'staff-clip', cell: (order) => order.title },
    ...(buyer
      ? [
          {
            label: t('staff.orders.buyer'),
            cell: (order: Order) => (
              <>
                {order.buyer}
                <span className="muted"> · {order.buyerEmail}</span>
              </>
            ),
          },
        ]
      : []),
    {
      label: t('staff.list.status'),
      cell: (order) => <span className={`staff-badge staff-order-${order.state}`}>{t(`staff.orders.state.${order.state}`)}</span>,
    },
    { label: t('staff.orders.method'), cell: (order) => methodName(order.method) },
    {
      label: t('staff.orders.amount'),
      sort: sortable?.('amount'),
      className: 'staff-num',
      cell: (order) => money(order.amount, order.currency),
    },
    {
      label: t('staff.orders.created'),
      sort: sortable?.('createdAt'),
      className: 'staff-num staff-time',
      cell: (order) => formatDateTime(order.createdAt, locale),
    },
    {
      label: t('staff.orders.paid'),
      sort: sortable?.('paidAt'),
      className: 'staff-num staff-time',
      cell: (order) => formatDateTime(order.paidAt, locale),
    },
  ]
}
