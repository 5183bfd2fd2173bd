import {
  exportOrdersUrl,
  ORDER_STATES,
  PAYMENT_METHODS,
  useOrderList,
  usePaymentCases,
  type OrderSort,
  type OrderState,
  type PaymentMethod,
} from '../api/orders'
import { day, matching, oneOf, text, useAddressList, type ListSpec } from '../kit/list-address'
import { ConsoleLink, DateFilter, ExportLinks, FilterSelect, TextFilters } from '../kit/list-controls'
import { ListFrame } from '../kit/list-frame'
import { money, useMethodName, useOrderColumns } from '../kit/order-columns'
import { useStaff } from '../kit/staff-context'
import { staffMay } from '@rpt/contract/staff-permissions'
import { useStaffT } from '../kit/use-staff-t'
import '../kit/staff-desk.css'

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

/** The states of the refunds the banner lists (listPaymentCases' default: refunds not done or refused). */
const CASE_STATES = new Set(['pending', 'processing', 'failed'])

/** listOrders with the cases that need a person above it, and the totals of what the filters select. */
export function OrderList() {
  const t = useStaffT()
  const { locale, staff } = useStaff()
  // The export for accounting is finance's: sales read the list only.
  const exports = staffMay(staff.role, 'orders.export')
  const list = useAddressList(ORDERS, '/staff/orders')
  const { state: input, go, sortable } = list
  const result = useOrderList(input)
  const { data: cases } = usePaymentCases()
  const methodName = useMethodName()
  const totals = result.data?.totals.byMethod ?? []

  return (
    <ListFrame
      list={list}
      result={result}
      columns={useOrderColumns({ sortable })}
      rowKey={(order) => order.orderNo}
      actions={
        exports && (
          <ExportLinks
            href={(format) => exportOrdersUrl(input, format, locale)}
            csv={t('staff.orders.exportCsv')}
            xlsx={t('staff.orders.exportXlsx')}
          />
        )
      }
      banner={
        cases &&
        cases.length > 0 && (
          <section className="staff-banner staff-banner-warning" aria-labelledby="staff-cases-title">
            <h2 id="staff-cases-title">{t('staff.orders.cases', { count: cases.length })}</h2>
            <ul>
              {cases.map((item) => (
                <li key={`${item.orderNo}-${item.createdAt}`}>
                  <ConsoleLink path={`/staff/orders/${item.orderNo}`}>{item.orderNo}</ConsoleLink> · {methodName(item.provider)} ·{' '}
                  {CASE_STATES.has(item.state) ? t(`staff.orders.case.${item.state as 'pending'}`) : item.state}
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
