import { useState, type FormEvent } from 'react'
import { useSearch } from 'wouter'
import { Pagination } from '../../../components/pagination'
import {
  ORDER_STATES,
  PAYMENT_METHODS,
  useOrderList,
  usePaymentCases,
  type ListOrdersInput,
  type OrderSort,
  type OrderState,
  type PaymentMethod,
} from '../api/orders'
import { formatDateTime } from './format'
import { FilterSelect, moveBetweenRows, SortHeader } from './list-controls'
import { isPlainClick, useStaff } from './staff-context'
import { useStaffT } from './use-staff-t'
import './staff-desk.css'

const PAGE_SIZE = 20
const SORTS: readonly OrderSort[] = ['createdAt', 'paidAt', 'amount']
const DAY = /^\d{4}-\d{2}-\d{2}$/
const TEXT_FILTERS = ['buyer', 'orderNo'] as const

/** The list's state lives in the address, so it can be shared and Back returns to it. */
function inputOf(search: string): ListOrdersInput {
  const query = new URLSearchParams(search)
  const page = Number(query.get('page'))
  const sort = query.get('sort') as OrderSort | null
  const input: ListOrdersInput = {
    pageNo: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZE,
    sort: sort && SORTS.includes(sort) ? sort : 'createdAt',
    order: query.get('order') === 'asc' ? 'asc' : 'desc',
  }
  const state = query.get('state') as OrderState | null
  if (state && ORDER_STATES.includes(state)) input.state = state
  const method = query.get('method') as PaymentMethod | null
  if (method && PAYMENT_METHODS.includes(method)) input.method = method
  for (const key of ['from', 'to'] as const) {
    const day = query.get(key)
    if (day && DAY.test(day)) input[key] = day
  }
  const buyer = query.get('buyer')?.trim()
  if (buyer) input.buyer = buyer.slice(0, 200)
  const orderNo = query.get('orderNo')?.trim()
  if (orderNo && /^[A-Za-z0-9]{1,32}$/.test(orderNo)) input.orderNo = orderNo
  return input
}

function searchOf(input: ListOrdersInput): string {
  const query = new URLSearchParams()
  if (input.pageNo && input.pageNo > 1) query.set('page', String(input.pageNo))
  if (input.sort && input.sort !== 'createdAt') query.set('sort', input.sort)
  if (input.order === 'asc') query.set('order', 'asc')
  for (const key of ['state', 'method', 'from', 'to', 'buyer', 'orderNo'] as const) if (input[key]) query.set(key, String(input[key]))
  const text = query.toString()
  return text ? `?${text}` : ''
}

const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`

/** listOrders with the cases that need a person above it, and the totals of what the filters select. */
export function OrderList() {
  const t = useStaffT()
  const { navigate, href, locale } = useStaff()
  const input = inputOf(useSearch())
  const { data, error, isLoading, isValidating } = useOrderList(input)
  const { data: cases } = usePaymentCases()
  const [text, setText] = useState({ buyer: input.buyer ?? '', orderNo: input.orderNo ?? '' })

  const go = (next: Partial<ListOrdersInput>, resetPage = true) => {
    const merged: ListOrdersInput = { ...input, ...(resetPage ? { pageNo: 1 } : {}), ...next }
    for (const key of ['state', 'method', 'from', 'to', 'buyer', 'orderNo'] as const) if (!merged[key]) delete merged[key]
    navigate(`/staff/orders${searchOf(merged)}`)
  }
  const sortBy = (sort: OrderSort) => go({ sort, order: input.sort === sort ? (input.order === 'asc' ? 'desc' : 'asc') : 'desc' })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    go({ buyer: text.buyer.trim() || undefined, orderNo: text.orderNo.trim() || undefined })
  }
  const openOrder = (orderNo: string) => (event: React.MouseEvent) => {
    if (!isPlainClick(event)) return
    event.preventDefault()
    navigate(`/staff/orders/${orderNo}`)
  }

  return (
    <section className="staff-section" aria-labelledby="staff-orders-title">
      <h1 id="staff-orders-title" className="staff-title" tabIndex={-1}>
        {t('staff.orders.title')}
      </h1>
      {cases && cases.length > 0 && (
        <section className="staff-banner staff-banner-warning" aria-labelledby="staff-cases-title">
          <h2 id="staff-cases-title">{t('staff.orders.cases', { count: cases.length })}</h2>
          <ul>
            {cases.map((item) => (
              <li key={`${item.orderNo}-${item.createdAt}`}>
                <a href={href(`/staff/orders/${item.orderNo}`)} onClick={openOrder(item.orderNo)}>
                  {item.orderNo}
                </a>{' '}
                · {item.provider} · {item.state}
                {item.lastError ? ` · ${item.lastError}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
      <form className="staff-filters" role="search" aria-label={t('staff.orders.filters')} onSubmit={submit}>
        {TEXT_FILTERS.map((key) => (
          <label key={key} className="staff-filter">
            <span className="field-label">{t(`staff.orders.${key}`)}</span>
            <input
              className="input"
              maxLength={key === 'buyer' ? 200 : 32}
              value={text[key]}
              onChange={(e) => setText({ ...text, [key]: e.target.value })}
            />
          </label>
        ))}
        <button type="submit" className="button button-secondary staff-filter-submit">
          {t('staff.list.search')}
        </button>
        <FilterSelect
          label={t('staff.list.status')}
          value={input.state}
          options={ORDER_STATES.map((state) => ({ value: state, label: t(`staff.orders.state.${state}`) }))}
          onChange={(state) => go({ state })}
        />
        <FilterSelect
          label={t('staff.orders.method')}
          value={input.method}
          options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`staff.orders.method.${method}`) }))}
          onChange={(method) => go({ method })}
        />
        {(['from', 'to'] as const).map((key) => (
          <label key={key} className="staff-filter">
            <span className="field-label">{t(`staff.orders.${key}`)}</span>
            <input className="input" type="date" value={input[key] ?? ''} onChange={(e) => go({ [key]: e.target.value || undefined })} />
          </label>
        ))}
      </form>

      {data && data.totals.byMethod.length > 0 && (
        <p className="staff-count">
          {t('staff.orders.totals')}:{' '}
          {data.totals.byMethod
            .map(
              (total) =>
                `${t(`staff.orders.method.${total.method === 'none' ? 'none' : (total.method as PaymentMethod)}`)} ${total.count} · ${money(total.amount, total.currency)}`,
            )
            .join(' | ')}
        </p>
      )}
      <p className="staff-count" aria-live="polite">
        {data ? t('staff.orders.count', { count: data.count }) : isLoading ? t('staff.loading') : ''}
        {isValidating && data ? ` ${t('staff.loading')}` : ''}
      </p>
      {error && !data ? (
        <p role="alert" className="staff-error">
          {t('staff.list.failed')}
        </p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table" aria-busy={isLoading || undefined}>
            <caption className="visually-hidden">{t('staff.orders.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.orders.orderNo')}</th>
                <th scope="col">{t('staff.orders.item')}</th>
                <th scope="col">{t('staff.orders.buyer')}</th>
                <th scope="col">{t('staff.list.status')}</th>
                <th scope="col">{t('staff.orders.method')}</th>
                <SortHeader sort="amount" label={t('staff.orders.amount')} current={input} onSort={sortBy} />
                <SortHeader sort="createdAt" label={t('staff.orders.created')} current={input} onSort={sortBy} />
                <SortHeader sort="paidAt" label={t('staff.orders.paid')} current={input} onSort={sortBy} />
              </tr>
            </thead>
            <tbody>
              {data?.list.map((order) => (
                <tr key={order.orderNo} onKeyDown={moveBetweenRows}>
                  <td className="staff-mono">
                    <a href={href(`/staff/orders/${order.orderNo}`)} onClick={openOrder(order.orderNo)}>
                      {order.orderNo}
                    </a>
                  </td>
                  <td className="staff-clip">{order.title}</td>
                  <td>
                    {order.buyer}
                    <span className="muted"> · {order.buyerEmail}</span>
                  </td>
                  <td>
                    <span className={`staff-badge staff-order-${order.state}`}>{t(`staff.orders.state.${order.state}`)}</span>
                  </td>
                  <td>{order.method ? t(`staff.orders.method.${order.method as PaymentMethod}`) : '—'}</td>
                  <td className="staff-num">{money(order.amount, order.currency)}</td>
                  <td className="staff-num">{formatDateTime(order.createdAt, locale)}</td>
                  <td className="staff-num">{formatDateTime(order.paidAt, locale)}</td>
                </tr>
              ))}
              {data && data.list.length === 0 && (
                <tr>
                  <td colSpan={8} className="staff-empty">
                    {t('staff.orders.empty')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <Pagination
          page={input.pageNo ?? 1}
          pageSize={PAGE_SIZE}
          total={data.count}
          hrefFor={(page) => href(`/staff/orders${searchOf({ ...input, pageNo: page })}`)}
          onNavigate={(target) => go({ pageNo: Number(new URL(target, 'http://x').searchParams.get('page') ?? 1) }, false)}
        />
      )}
    </section>
  )
}
