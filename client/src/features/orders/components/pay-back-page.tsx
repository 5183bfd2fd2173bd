import { useCallback, useEffect, useRef } from 'react'
import { LocalLink } from '../../../components/local-link'
import { Skeleton } from '../../../components/skeleton'
import { useForgetUserWhenRejected } from '../../../lib/session'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useOrders } from '../api/get-orders'
import { LoginPrompt, useLoggedIn } from './login-prompt'
import '../../../styles/account.css'
import './orders.css'

const POLL_MS = 3000
const MAX_POLLS = 20

/** Where the payment providers send the buyer back (header and footer hidden). */
export default function PayBackPage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT()
  const locale = useLocale()
  const loggedIn = useLoggedIn()
  const orderNo = params.orderNo ?? params.out_trade_no
  // No single-order endpoint: the newest orders include the one just paid.
  const research = useOrders(locale, { kind: 'research', pageNo: 1, pageSize: 50 }, loggedIn)
  const briefs = useOrders(locale, { kind: 'brief', pageNo: 1, pageSize: 50 }, loggedIn)
  useForgetUserWhenRejected(research.error)
  const order = research.data?.list.find((o) => o.orderNo === orderNo) ?? briefs.data?.list.find((o) => o.orderNo === orderNo)
  const data = research.data && briefs.data
  const isLoading = research.isLoading || briefs.isLoading
  const mutateResearch = research.mutate
  const mutateBriefs = briefs.mutate
  const mutate = useCallback(() => Promise.all([mutateResearch(), mutateBriefs()]), [mutateResearch, mutateBriefs])
  const polls = useRef(0)

  // The provider's notification can arrive after the buyer: poll a while.
  useEffect(() => {
    if (!order || order.status !== '0' || polls.current >= MAX_POLLS) return
    const timer = window.setTimeout(() => {
      polls.current += 1
      void mutate()
    }, POLL_MS)
    return () => window.clearTimeout(timer)
  }, [order, mutate])

  const message = !order
    ? t('payBack.unknown')
    : order.status === '1'
      ? t('payBack.paid')
      : order.status === '2'
        ? t('payBack.cancelled')
        : order.status === '3'
          ? t('payBack.failed')
          : t('payBack.waiting')

  return (
    <div className="bare-page">
      <div className="bare-card pay-back">
        <LocalLink to="/" className="bare-brand">
          {t('site.name')}
        </LocalLink>
        <h1 className="page-title">{t('payBack.heading')}</h1>
        {!loggedIn ? (
          <LoginPrompt />
        ) : isLoading && !data ? (
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
                <button type="button" className="button button-secondary" onClick={() => void mutate()}>
                  {t('payBack.refresh')}
                </button>
              )}
              <LocalLink to="/personalCenter/moreOrders" className="button button-secondary">
                {t('pay.viewOrders')}
              </LocalLink>
            </div>
          </div>
        )}
      </div>
    </div>
  )
}
