import type { StaffOrder } from '../api/orders'
import { formatDateTime } from '../kit/format'
import { money, useMethodName } from '../kit/order-columns'
import { useStaff } from '../kit/staff-context'
import { useStaffT, type StaffTranslate } from '../kit/use-staff-t'
import type { StaffMessageId } from '../messages'

// An order's payment events as finance reads them: what happened and who
// did it in the console's language, the facts of each step (its amount,
// refund number, reason…) in words; the gateway's message as received is
// kept behind a disclosure, for a dispute with the gateway.

type PaymentEvent = StaffOrder['events'][number]

/** What happened: the payment trail's actions and a notification's outcomes (core-api orders/payments). */
const ACTIONS = new Set([
  'close-queued',
  'closed',
  'refund-queued',
  'refunded',
  'refund-failed',
  'revived',
  'staff-refund',
  'paid',
  'duplicate',
  'refunding',
  'failed',
  'ignored',
  'pending',
  'rejected',
  'bad-signature',
  'unrecognized',
  'wrong-app',
  'error',
  'amount-mismatch',
  'unknown-order',
  'unknown-refund',
  'refund-processing',
  'refund-unchanged',
  'refund-succeeded',
])
const SOURCES = new Set(['audit', 'notification'])
/** The words of a step's values that are codes */
const CODED: Record<string, Set<string>> = {
  cause: new Set(['late-payment', 'second-payment', 'staff']),
  result: new Set(['closed', 'not-found', 'paid', 'failed']),
  closedReason: new Set(['cancelled', 'expired', 'failed', 'refunded', 'start-failed']),
}
/** The facts of a step shown, in this order; the rest stays in the technical record. */
const FACTS = [
  'reason',
  'amount',
  'refundNo',
  'provider',
  'providerTradeNo',
  'cause',
  'result',
  'closedReason',
  'paidBeforeClose',
  'verified',
]

const known = (t: StaffTranslate, id: string, set: Set<string>, value: string) => (set.has(value) ? t(id as StaffMessageId) : value)

function useFactText(order: StaffOrder) {
  const t = useStaffT()
  const methodName = useMethodName()
  return (key: string, value: unknown): string | undefined => {
    if (value === null || value === undefined || value === '') return undefined
    if (typeof value === 'boolean') return t(value ? 'staff.revisions.yes' : 'staff.revisions.no')
    // The trail keeps amounts in minor units (fen, cents), as stored.
    if (key === 'amount' && typeof value === 'number') return money(value / 100, order.currency)
    if (key === 'provider' && typeof value === 'string') return methodName(value)
    if (CODED[key] && typeof value === 'string') return known(t, `staff.orders.event.${key}.${value}`, CODED[key], value)
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined
  }
}

function useActorText() {
  const t = useStaffT()
  const methodName = useMethodName()
  return (actor: string | null): string | undefined => {
    if (!actor) return undefined
    if (actor === 'system') return t('staff.orders.event.actor.system')
    if (actor.startsWith('buyer:')) return t('staff.orders.event.actor.buyer')
    if (actor.startsWith('staff:')) return actor.slice('staff:'.length)
    return actor === 'alipay' || actor === 'wechatpay' ? methodName(actor) : actor
  }
}

function Event({ event, order }: { event: PaymentEvent; order: StaffOrder }) {
  const t = useStaffT()
  const { locale } = useStaff()
  const factText = useFactText(order)
  const actorText = useActorText()
  const detail = event.detail !== null && typeof event.detail === 'object' ? (event.detail as Record<string, unknown>) : {}
  const facts = FACTS.flatMap((key) => {
    // A notification's gateway is already named as who sent it.
    if (key === 'provider' && event.source === 'notification') return []
    const text = factText(key, detail[key])
    return text === undefined ? [] : [[key, text] as const]
  })
  const actor = actorText(event.actor)
  const body = typeof detail.body === 'string' ? detail.body : undefined
  return (
    <li>
      <span className="staff-num">{formatDateTime(event.at, locale)}</span> ·{' '}
      {known(t, `staff.orders.event.source.${event.source}`, SOURCES, event.source)} ·{' '}
      <strong>{known(t, `staff.orders.event.action.${event.action}`, ACTIONS, event.action)}</strong>
      {actor ? ` · ${actor}` : ''}
      {facts.length > 0 && (
        <dl className="staff-event-facts">
          {facts.map(([key, text]) => (
            <div key={key}>
              <dt>{t(`staff.orders.event.fact.${key}` as StaffMessageId)}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      )}
      {event.detail !== null && event.detail !== undefined && (
        <details className="staff-details staff-event-detail">
          <summary>{t(body ? 'staff.orders.event.message' : 'staff.orders.event.record')}</summary>
          <pre>{body ?? JSON.stringify(event.detail, null, 2)}</pre>
        </details>
      )}
    </li>
  )
}

/** Every payment event of an order, oldest first. */
export function PaymentEvents({ order }: { order: StaffOrder }) {
  const t = useStaffT()
  return (
    <section className="staff-fieldset staff-desk-section" aria-labelledby="staff-order-events">
      <h2 id="staff-order-events">{t('staff.orders.eventsTitle')}</h2>
      {order.events.length === 0 ? (
        <p className="muted">{t('staff.orders.noEvents')}</p>
      ) : (
        <ol className="staff-timeline">
          {order.events.map((event, index) => (
            <Event key={index} event={event} order={order} />
          ))}
        </ol>
      )}
    </section>
  )
}
