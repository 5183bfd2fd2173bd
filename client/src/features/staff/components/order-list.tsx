import {
  ORDER_STATES,
  PAYMENT_METHODS,
  useOrderList,
  usePaymentCases,
  type OrderSort,
  type OrderState,
  type PaymentMethod,
} from '../api/orders'
import { formatDateTime } from './format'
import { day, matching, oneOf, text, useAddressList, type ListSpec } from './list-address'
import { ConsoleLink, DateFilter, FilterSelect, TextFilters } from './list-controls'
import { ListFrame } from './list-frame'
import { useStaff } from './staff-context'
import { useStaffT } from './use-staff-t'
import './staff-desk.css'

const ORDERS: ListSpec<OrderSort, { state: OrderState; method: PaymentMethod; from: string; to: string; buyer: string; orderNo: string }> =
  {
    words: 'staff.orders',
    sorts: ['createdAt', 'paidAt', 'amount'],
    filters: {
      state: oneOf(ORDER_STATES),
      method: oneOf(PAYMENT_METHODS),
      from: day,
      to: day,
      buyer: text(200),
      orderNo: matching(/^[A-Za-z0-9]{1,32}$/),
    },
  }

const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`

/** listOrders with the cases that need a person above it, and the totals of what the filters select. */
export function OrderList() {
  const t = useStaffT()
  const { locale } = useStaff()
  const list = useAddressList(ORDERS, '/staff/orders')
  const { state: input, go, sortable } = list
  const result = useOrderList(input)
  const { data: cases } = usePaymentCases()
  const methodName = (method: string | null) => (method ? t(`staff.orders.method.${method as PaymentMethod | 'none'}`) : '—')
  const totals = result.data?.totals.byMethod ?? []

  return (
    <ListFrame
      list={list}
      result={result}
      columns={[
        {
          label: t('staff.orders.orderNo'),
          className: 'staff-mono',
          cell: (order) => <ConsoleLink path={`/staff/orders/${order.orderNo}`}>{order.orderNo}</ConsoleLink>,
        },
        { label: t('staff.orders.item'), className: 'staff-clip', cell: (order) => order.title },
        {
          label: t('staff.orders.buyer'),
          cell: (order) => (
            <>
              {order.buyer}
              <span className="muted"> · {order.buyerEmail}</span>
            </>
          ),
        },
        {
          label: t('staff.list.status'),
          cell: (order) => <span className={`staff-badge staff-order-${order.state}`}>{t(`staff.orders.state.${order.state}`)}</span>,
        },
        { label: t('staff.orders.method'), cell: (order) => methodName(order.method) },
        {
          label: t('staff.orders.amount'),
          sort: sortable('amount'),
          className: 'staff-num',
          cell: (order) => money(order.amount, order.currency),
        },
        {
          label: t('staff.orders.created'),
          sort: sortable('createdAt'),
          className: 'staff-num',
          cell: (order) => formatDateTime(order.createdAt, locale),
        },
        {
          label: t('staff.orders.paid'),
          sort: sortable('paidAt'),
          className: 'staff-num',
          cell: (order) => formatDateTime(order.paidAt, locale),
        },
      ]}
      rowKey={(order) => order.orderNo}
      banner={
        cases &&
        cases.length > 0 && (
          <section className="staff-banner staff-banner-warning" aria-labelledby="staff-cases-title">
            <h2 id="staff-cases-title">{t('staff.orders.cases', { count: cases.length })}</h2>
            <ul>
              {cases.map((item) => (
                <li key={`${item.orderNo}-${item.createdAt}`}>
                  <ConsoleLink path={`/staff/orders/${item.orderNo}`}>{item.orderNo}</ConsoleLink> · {item.provider} · {item.state}
                  {item.lastError ? ` · ${item.lastError}` : ''}
                </li>
              ))}
            </ul>
          </section>
        )
      }
      filters={
        <TextFilters
          label={t('staff.orders.filters')}
          fields={[
            { key: 'buyer', label: t('staff.orders.buyer'), maxLength: 200 },
            { key: 'orderNo', label: t('staff.orders.orderNo'), maxLength: 32 },
          ]}
          values={input}
          onSubmit={(values) => go(values)}
        >
          <FilterSelect
            label={t('staff.list.status')}
            value={input.state}
            options={ORDER_STATES.map((state) => ({ value: state, label: t(`staff.orders.state.${state}`) }))}
            onChange={(state) => go({ state })}
          />
          <FilterSelect
            label={t('staff.orders.method')}
            value={input.method}
            options={PAYMENT_METHODS.map((method) => ({ value: method, label: methodName(method) }))}
            onChange={(method) => go({ method })}
          />
          <DateFilter label={t('staff.orders.from')} value={input.from} onChange={(from) => go({ from })} />
          <DateFilter label={t('staff.orders.to')} value={input.to} onChange={(to) => go({ to })} />
        </TextFilters>
      }
      summary={
        totals.length > 0 && (
          <p className="staff-count">
            {t('staff.orders.totals')}:{' '}
            {totals.map((total) => `${methodName(total.method)} ${total.count} · ${money(total.amount, total.currency)}`).join(' | ')}
          </p>
        )
      }
    />
  )
}
