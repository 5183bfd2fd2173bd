import { useEffect, useState } from 'react'
import { BarePage } from '../../../components/bare-page'
import { LocalLink } from '../../../components/local-link'
import { Skeleton } from '../../../components/skeleton'
import { formatPrice } from '../../../lib/format'
import { useForgetUserWhenRejected } from '../../../lib/session'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useOrder } from '../api/get-order'
import { LoginPrompt, useLoggedIn } from '../../../components/login-prompt'
import '../../../styles/account.css'
import './orders.css'

const POLL_MS = 3000
/** The provider's notification normally arrives within seconds; stop polling after a minute. */
const POLL_FOR_MS = 60_000

/** Where the payment providers send the buyer back (header and footer hidden). */
export default function PayBackPage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT()
  const locale = useLocale()
  const loggedIn = useLoggedIn()
  const orderNo = params.orderNo ?? params.out_trade_no
  const [polling, setPolling] = useState(true)
  useEffect(() => {
    const timer = window.setTimeout(() => setPolling(false), POLL_FOR_MS)
    return () => window.clearTimeout(timer)
  }, [])
  // The provider's notification can arrive after the buyer: poll the order a while.
  const answer = useOrder(locale, orderNo, { enabled: loggedIn, pollMs: polling ? POLL_MS : 0 })
  useForgetUserWhenRejected(answer.error)
  const order = answer.data
  const data = order ?? (answer.error ? null : undefined)

  const refundAmount = order?.refund ? formatPrice(order.refund.amount, order.currency, locale) : ''
  // A refund on a paid order returns a second payment; on a closed one, what was paid for it.
  const message = !order
    ? t('payBack.unknown')
    : order.refund
      ? t(
          order.status === '1'
            ? order.refund.state === 'refunded'
              ? 'payBack.secondRefunded'
              : 'payBack.secondRefunding'
            : order.refund.state === 'refunded'
              ? 'payBack.refunded'
              : 'payBack.refunding',
          { amount: refundAmount },
        )
      : order.status === '1'
        ? t('payBack.paid')
        : order.status === '2'
          ? t('payBack.cancelled')
          : order.status === '3'
            ? t('payBack.failed')
            : t('payBack.waiting')

  return (
    <BarePage className="pay-back">
      <h1 className="page-title">{t('payBack.heading')}</h1>
      {!loggedIn ? (
        <LoginPrompt />
      ) : answer.isLoading && data === undefined ? (
        <Skeleton height={64} />
      ) : (
        <div className="state-message" role="status" aria-live="polite">
          <p className="state-title">{message}</p>
          {orderNo && <p className="state-text num">{t('payBack.orderNo', { orderNo })}</p>}
          <div className="button-row" style={{ justifyContent: 'center' }}>
            {order?.status === '1' && order.hasFile ? (
              <LocalLink to="/personalCenter/myDownload" className="button button-primary">
                {t('nav.account.downloads')}
              </LocalLink>
            ) : null}
            {order?.status === '0' && (
              <button type="button" className="button button-secondary" onClick={() => void answer.mutate()}>
                {t('payBack.refresh')}
              </button>
            )}
            <LocalLink to="/personalCenter/moreOrders" className="button button-secondary">
              {t('pay.viewOrders')}
            </LocalLink>
          </div>
        </div>
      )}
    </BarePage>
  )
}
