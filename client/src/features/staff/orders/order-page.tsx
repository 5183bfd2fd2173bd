import { useId, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { showToast } from '../../../lib/toast'
import { closeOrder, refundOrder, resendOrderMail, useOrder, type StaffOrder } from '../api/orders'
import { formatDateTime } from '../kit/format'
import { useStaff } from '../kit/staff-context'
import { DeskPage } from '../kit/desk-page'
import { ConsoleLink } from '../kit/list-controls'
import { money, useLineText, useMethodName } from '../kit/order-columns'
import { OrderDelivery } from './order-delivery'
import { OrderSeats } from './order-seats'
import { PaymentEvents } from './payment-events'
import { staffMay } from '@rpt/contract/staff-permissions'
import { useAttempt } from '../kit/use-attempt'
import { useStaffT } from '../kit/use-staff-t'
import '../kit/staff-desk.css'

type Action = 'refund' | 'close' | 'resend'

/** getOrder: the order, its buyer, every payment event; finance refunds, closes and resends here, each confirmed. */
export function OrderPage({ orderNo }: { orderNo: string }) {
  const t = useStaffT()
  const { locale, staff } = useStaff()
  const result = useOrder(orderNo)
  const { mutate } = result

  const lineText = useLineText()
  const methodName = useMethodName()
  const acts = staffMay(staff.role, 'orders.act')
  // The buyer's page, for the roles that read customers.
  const customers = staffMay(staff.role, 'customers.read')
  return (
    <DeskPage
      words="staff.orders"
      back="/staff/orders"
      result={result}
      title={(order) => t('staff.orders.pageTitle', { orderNo: order.orderNo })}
    >
      {(order) => (
        <>
          <p className="staff-meta">
            <span className={`staff-badge staff-order-${order.state}`}>{t(`staff.orders.state.${order.state}`)}</span> ·{' '}
            {money(order.amount, order.currency)} · {formatDateTime(order.createdAt, locale)}
          </p>
          <div className="staff-desk-columns">
            <section className="staff-fieldset" aria-labelledby="staff-order-facts">
              <h2 id="staff-order-facts">{t('staff.orders.factsTitle')}</h2>
              <dl className="staff-facts">
                <div>
                  <dt>{t('staff.orders.item')}</dt>
                  <dd>{order.lines.map(lineText).join('; ')}</dd>
                </div>
                <div>
                  <dt>{t('staff.orders.buyer')}</dt>
                  <dd>
                    {customers ? (
                      <ConsoleLink path={`/staff/customers/${order.account.id}`}>{order.account.login}</ConsoleLink>
                    ) : (
                      order.account.login
                    )}{' '}
                    · {order.account.name} · {order.account.company} · {order.account.email}
                  </dd>
                </div>
                <div>
                  <dt>{t('staff.orders.method')}</dt>
                  <dd>
                    {methodName(order.method)}
                    {order.providerTradeNo ? ` · ${order.providerTradeNo}` : ''}
                  </dd>
                </div>
                <div>
                  <dt>{t('staff.orders.paid')}</dt>
                  <dd>{formatDateTime(order.paidAt, locale) || '—'}</dd>
                </div>
                {order.file && (
                  <div>
                    <dt>{t('staff.orders.file')}</dt>
                    <dd>{order.file}</dd>
                  </div>
                )}
              </dl>
            </section>
            {acts && <OrderActions order={order} onDone={() => void mutate()} />}
            {acts && order.kind === 'research' && order.state === 'paid' && <OrderDelivery order={order} onDone={() => void mutate()} />}
          </div>
          {/* A report bought under a licence has seats and stamped copies; a bulletin has neither. */}
          {order.licence && staffMay(staff.role, 'licences.read') && <OrderSeats orderNo={order.orderNo} />}
          <PaymentEvents order={order} />
        </>
      )}
    </DeskPage>
  )
}

function OrderActions({ order, onDone }: { order: StaffOrder; onDone: () => void }) {
  const t = useStaffT()
  const [confirm, setConfirm] = useState<Action>()
  const [reason, setReason] = useState('')
  const { pending, failure, attempt } = useAttempt(t('staff.orders.failed'))
  const reasonId = useId()
  const refunded = order.refunds.some((refund) => refund.state !== 'failed')

  const run = async (action: Action) => {
    await attempt(async () => {
      if (action === 'refund') await refundOrder(order.orderNo, reason.trim())
      else if (action === 'close') await closeOrder(order.orderNo)
      else await resendOrderMail(order.orderNo)
      showToast(t(`staff.orders.done.${action}`), 'success')
      setReason('')
      onDone()
    })
    setConfirm(undefined)
  }

  return (
    <section className="staff-fieldset staff-desk-form" aria-labelledby="staff-order-actions">
      <h2 id="staff-order-actions">{t('staff.orders.actionsTitle')}</h2>
      {order.state === 'paid' && !refunded && (
        <>
          <label htmlFor={reasonId} className="field-label">
            {t('staff.orders.refundReason')}
          </label>
          <input id={reasonId} className="input" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          <button type="button" className="button button-primary" disabled={pending || !reason.trim()} onClick={() => setConfirm('refund')}>
            {t('staff.orders.refund')}
          </button>
        </>
      )}
      {/* A paid order's mail can be sent again; an unpaid one can be closed at the gateway. */}
      {(['resend', 'close'] as const)
        .filter((action) => order.state === (action === 'resend' ? 'paid' : 'unpaid'))
        .map((action) => (
          <button key={action} type="button" className="button button-secondary" disabled={pending} onClick={() => setConfirm(action)}>
            {t(`staff.orders.${action}`)}
          </button>
        ))}
      {order.state !== 'paid' && order.state !== 'unpaid' && <p className="muted">{t('staff.orders.noActions')}</p>}
      {failure && (
        <p role="alert" className="staff-banner staff-banner-error">
          {failure}
        </p>
      )}
      {confirm && (
        <ConfirmDialog
          title={t(`staff.orders.confirm.${confirm}`)}
          text={t(`staff.orders.confirmText.${confirm}`, { orderNo: order.orderNo, amount: money(order.amount, order.currency) })}
          confirmLabel={t(`staff.orders.${confirm}`)}
          cancelLabel={t('staff.cancel')}
          pending={pending}
          onConfirm={() => void run(confirm)}
          onCancel={() => setConfirm(undefined)}
        />
      )}
    </section>
  )
}
