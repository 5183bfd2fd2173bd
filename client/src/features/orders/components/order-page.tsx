import { AccountPage } from '../../../components/account-page'
import { LocalLink } from '../../../components/local-link'
import { LoginPrompt, useLoggedIn } from '../../../components/login-prompt'
import { Skeleton } from '../../../components/skeleton'
import { LoadError, StateMessage } from '../../../components/state-message'
import { formatPrice } from '../../../lib/format'
import { useForgetUserWhenRejected } from '../../../lib/session'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useOrder } from '../api/get-order'
import type { OrderStatus } from '../api/types'
import { payMethodLabel } from './orders-page'
import { OrderDocuments } from './order-documents'
import { hasSeats, OrderSeats } from './order-seats'
import '../../../styles/account.css'
import './orders.css'
import './seats.css'

// One of the buyer's orders (/personalCenter/order?orderNo=…): what was bought
// and its state, a multi-user or enterprise licence's seats once paid, then
// its documents (the invoice; the paper copy's shipment and a transfer's
// proforma beside it).
export default function OrderPage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT()
  const locale = useLocale()
  const loggedIn = useLoggedIn()
  const orderNo = params.orderNo
  const answer = useOrder(locale, orderNo, { enabled: loggedIn, pollMs: 0 })
  useForgetUserWhenRejected(answer.error)
  const order = answer.data

  return (
    <AccountPage
      current="orders"
      title={t('orderPage.heading')}
      action={
        <LocalLink to="/personalCenter/moreOrders" className="button button-secondary">
          {t('orderPage.back')}
        </LocalLink>
      }
    >
      {!loggedIn ? (
        <LoginPrompt />
      ) : !orderNo || (answer.error && !order) ? (
        answer.error && (answer.error as { code?: number }).code !== 100004 ? (
          <LoadError onRetry={() => void answer.mutate()} />
        ) : (
          <StateMessage title={t('orderPage.notFound')} />
        )
      ) : !order ? (
        <Skeleton height={120} />
      ) : (
        <>
          <dl className="order-summary">
            <div>
              <dt>{t('orders.col.orderNo')}</dt>
              <dd className="num">{order.orderNo}</dd>
            </div>
            <div>
              <dt>{t('orders.col.product')}</dt>
              <dd>{order.title}</dd>
            </div>
            <div>
              <dt>{t('orders.col.status')}</dt>
              <dd>
                <span className={`status status-${order.status}`}>{t(`orders.status.${order.status as OrderStatus}`)}</span>
              </dd>
            </div>
            <div>
              <dt>{t('orders.col.payMethod')}</dt>
              <dd>{payMethodLabel(t, order.payMethod)}</dd>
            </div>
            <div>
              <dt>{t('orders.col.amount')}</dt>
              <dd className="price num">{formatPrice(order.payPrice, order.currency, locale)}</dd>
            </div>
            {order.paidDate && (
              <div>
                <dt>{t('orderPage.paidAt')}</dt>
                <dd className="num">{order.paidDate.slice(0, 16).replace('T', ' ')}</dd>
              </div>
            )}
          </dl>
          {order.status === '1' && hasSeats(order.licence) && <OrderSeats orderNo={order.orderNo} />}
          <OrderDocuments orderNo={order.orderNo} paid={order.status === '1'} />
        </>
      )}
    </AccountPage>
  )
}
