import type { OrderItem } from '@rpt/contract'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { LocalLink } from '../../../components/local-link'
import { SkeletonList } from '../../../components/skeleton'
import { TableHead } from '../../../components/table-head'
import { StateMessage } from '../../../components/state-message'
import { formatPrice } from '../../../lib/format'
import { localizePath } from '../../../lib/locale'
import { openModal } from '../../../lib/modal-store'
import { useForgetUserWhenRejected } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { useLocale } from '../../../lib/use-locale'
import { useT, type Translate } from '../../../lib/use-t'
import { useCancelOrder } from '../api/cancel-order'
import { useOrders } from '../api/get-orders'
import type { OrderKind, OrderStatus } from '../api/types'
import { LoginPrompt, useLoggedIn } from '../../../components/login-prompt'
import '../../../styles/account.css'
import './orders.css'
import { AccountPage } from '../../../components/account-page'
import { NavAnchor } from '../../../components/nav-anchor'
import { PagedList, type Paging } from '../../../components/paged-list'
import { TypeTabs } from '../../../components/type-tabs'
import { pageNumber } from '../../../lib/page-number'

const PAGE_SIZE = 10
const STATUSES: OrderStatus[] = ['0', '1', '2', '3']

export const payMethodLabel = (t: Translate, method: string | null): string =>
  method?.startsWith('zfb')
    ? t('orders.payMethod.zfb')
    : method?.startsWith('wx')
      ? t('orders.payMethod.wx')
      : method === 'bank'
        ? t('orders.payMethod.bank')
        : t('orders.payMethod.none')

export default function OrdersPage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT()
  const locale = useLocale()
  const [, navigate] = useLocation()
  const loggedIn = useLoggedIn()
  const status = STATUSES.find((s) => s === params.status)
  // Bulletins are sold in the Chinese edition only.
  const kind: OrderKind = params.kind === 'brief' && locale === 'zh-CN' ? 'brief' : 'research'
  const page = pageNumber(params.page)
  const list = useOrders(locale, { kind, pageNo: page, pageSize: PAGE_SIZE, ...(status ? { status } : {}) }, loggedIn)
  useForgetUserWhenRejected(list.error)
  const [cancelling, setCancelling] = useState<OrderItem | null>(null)
  const { trigger: cancel, isMutating } = useCancelOrder()

  const hrefFor = (s: OrderStatus | undefined, p = 1, k: OrderKind = kind) => {
    const query = new URLSearchParams()
    if (k === 'brief') query.set('kind', k)
    if (s) query.set('status', s)
    if (p > 1) query.set('page', String(p))
    const qs = query.toString()
    return localizePath(locale, `/personalCenter/moreOrders${qs ? `?${qs}` : ''}`)
  }

  const confirmCancel = async () => {
    if (!cancelling) return
    try {
      await cancel({ id: cancelling.id, kind: cancelling.kind })
      showToast(t('orders.cancelled'), 'success')
      void list.mutate()
    } catch {
      // Message shown by the api client.
    }
    setCancelling(null)
  }

  // The contract answers kind and status as strings; they are always one of OrderKind and OrderStatus.
  const pay = (order: OrderItem) =>
    openModal({
      mode: 'pay',
      target: { kind: order.kind as OrderKind, orderId: order.id, title: order.title, payPrice: order.payPrice, currency: order.currency },
    })

  const paging: Paging = { page: page, size: PAGE_SIZE, hrefFor: (p) => hrefFor(status, p), onNavigate: navigate }
  return (
    <AccountPage current="orders" title={t('orders.heading')}>
      {!loggedIn ? (
        <LoginPrompt />
      ) : (
        <>
          {locale === 'zh-CN' && (
            <div className="kind-switch" role="group" aria-label={t('orders.col.product')}>
              {(['research', 'brief'] as const).map((k) => (
                <NavAnchor
                  key={k}
                  href={hrefFor(undefined, 1, k)}
                  className={`chip-link${k === kind ? ' is-active' : ''}`}
                  aria-current={k === kind ? 'page' : undefined}
                  onNavigate={navigate}
                >
                  {t(k === 'research' ? 'orders.kind.research' : 'orders.kind.brief')}
                </NavAnchor>
              ))}
            </div>
          )}
          <TypeTabs
            className="order-tabs"
            label={t('orders.col.status')}
            onNavigate={navigate}
            tabs={[undefined, ...STATUSES].map((s) => ({
              key: s ?? 'all',
              label: s ? t(`orders.status.${s}`) : t('orders.status.all'),
              href: hrefFor(s),
              active: s === status,
            }))}
          />
          <PagedList
            state={list}
            select={(d) => d}
            paging={paging}
            skeleton={<SkeletonList rows={4} />}
            empty={<StateMessage title={t('orders.empty')} />}
          >
            {(rows) => (
              <div className="table-box">
                <table className="orders-table">
                  <TableHead
                    columns={[
                      ...(['orderNo', 'time', 'product', 'payMethod', 'status'] as const).map((column) => t(`orders.col.${column}`)),
                      { label: t('orders.col.amount'), className: 'amount' },
                      t('orders.col.actions'),
                    ]}
                  />
                  <tbody>
                    {rows.map((order) => (
                      <tr key={order.id}>
                        <td className="num" data-label={t('orders.col.orderNo')}>
                          {order.orderNo}
                        </td>
                        <td className="num" data-label={t('orders.col.time')}>
                          {order.createDate.slice(0, 16).replace('T', ' ')}
                        </td>
                        <td className="order-title">{order.title}</td>
                        <td data-label={t('orders.col.payMethod')}>{payMethodLabel(t, order.payMethod)}</td>
                        <td data-label={t('orders.col.status')}>
                          <span className={`status status-${order.status}`}>{t(`orders.status.${order.status as OrderStatus}`)}</span>
                          {order.refund && (
                            <span className="order-refund">
                              {t(order.refund.state === 'refunded' ? 'orders.refund.refunded' : 'orders.refund.refunding', {
                                amount: formatPrice(order.refund.amount, order.currency, locale),
                              })}
                            </span>
                          )}
                        </td>
                        <td className="amount price num" data-label={t('orders.col.amount')}>
                          {formatPrice(order.payPrice, order.currency, locale)}
                        </td>
                        <td className="order-actions-cell">
                          <div className="order-actions">
                            {order.status === '0' && (
                              <>
                                <button type="button" className="button button-primary button-small" onClick={() => pay(order)}>
                                  {t('orders.pay')}
                                </button>
                                <button type="button" className="button button-secondary button-small" onClick={() => setCancelling(order)}>
                                  {t('orders.cancel')}
                                </button>
                              </>
                            )}
                            {order.status === '1' && (
                              <LocalLink
                                to={`/personalCenter/order?orderNo=${encodeURIComponent(order.orderNo)}`}
                                className="button button-secondary button-small"
                              >
                                {t('orders.documents')}
                              </LocalLink>
                            )}
                            {order.status === '1' && order.hasFile && (
                              <LocalLink to="/personalCenter/myDownload" className="button button-secondary button-small">
                                {t('orders.toDownloads')}
                              </LocalLink>
                            )}
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </PagedList>
        </>
      )}
      {cancelling && (
        <ConfirmDialog
          title={t('orders.cancelTitle')}
          text={t('orders.cancelText', { title: cancelling.title })}
          confirmLabel={t('orders.cancelConfirm')}
          cancelLabel={t('orders.cancelKeep')}
          pending={isMutating}
          onConfirm={() => void confirmCancel()}
          onCancel={() => setCancelling(null)}
        />
      )}
    </AccountPage>
  )
}
