import type { OrderSeats as Seats } from '@rpt/contract'
import { useState } from 'react'
import { Skeleton } from '../../../components/skeleton'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { sendEmailVerification, useSeats } from '../api/seats'
import { failureOf, InviteForm, SeatList } from './seat-list'

// The order page's "Licence and seats" (listSeats): for a paid multi-user or
// enterprise order, how many seats are used or which company domain is
// admitted, and to its buyer the seats themselves, to take back or give.

/** A single-user order has no seats (301002): the section is left out rather than shown as an error. */
const NO_SEATS = 301002

export const hasSeats = (licence: string | null): boolean => licence === 'multi' || licence === 'enterprise'

export function OrderSeats({ orderNo }: { orderNo: string }) {
  const t = useT()
  const locale = useLocale()
  const answer = useSeats(locale, orderNo, true)
  const seats = answer.data
  if (answer.error && !seats && (answer.error as { code?: number }).code === NO_SEATS) return null
  return (
    <section className="document-section seats" aria-labelledby="seats-heading">
      <h2 id="seats-heading" className="document-heading">
        {t('seats.heading')}
      </h2>
      {answer.error && !seats ? (
        <div role="alert" className="seats-failure">
          <p className="document-note">{failureOf(answer.error, t('common.errorText'))}</p>
          <button type="button" className="button button-secondary button-small" onClick={() => void answer.mutate()}>
            {t('common.retry')}
          </button>
        </div>
      ) : !seats ? (
        <Skeleton height={80} />
      ) : seats.role === 'buyer' ? (
        <>
          <Summary seats={seats} onVerified={() => void answer.mutate()} />
          <SeatList seats={seats} onChanged={(next) => void answer.mutate(next, { revalidate: false })} />
          <InviteForm seats={seats} onChanged={(next) => void answer.mutate(next, { revalidate: false })} />
        </>
      ) : (
        <p className="document-note">
          {t(seats.role === 'holder' ? 'seats.holder' : 'seats.member', {
            licence: t(`seats.licence.${seats.licence}`),
            buyer: seats.buyer,
          })}
        </p>
      )}
    </section>
  )
}

/** What the licence allows now: seats used of the limit, the enterprise domain (or why it is not known yet), the daily downloads. */
function Summary({ seats, onVerified }: { seats: Seats; onVerified: () => void }) {
  const t = useT()
  return (
    <div className="seats-summary">
      <p className="seats-licence">{t(`seats.licence.${seats.licence}`)}</p>
      {seats.seatLimit !== null && (
        <p className="seats-count">
          <strong className="num">{t('seats.used', { used: seats.seatsUsed, limit: seats.seatLimit })}</strong>
        </p>
      )}
      {seats.licence === 'enterprise' &&
        (seats.domain ? (
          <p>{t('seats.domain', { domain: seats.domain })}</p>
        ) : seats.domainPending === 'verify-email' ? (
          <VerifyEmail onVerified={onVerified} />
        ) : seats.domainPending === 'public-domain' ? (
          <p className="document-note">{t('seats.publicDomain')}</p>
        ) : null)}
      <p className="document-note">{t('seats.perDay', { count: seats.downloadsPerDay })}</p>
    </div>
  )
}

/** Enterprise without a domain yet: the buyer's address must be verified first; the link goes by mail. */
function VerifyEmail({ onVerified }: { onVerified: () => void }) {
  const t = useT()
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean }>()
  const send = async () => {
    setPending(true)
    setOutcome(undefined)
    try {
      const answer = await sendEmailVerification()
      if (answer.verifiedAt) {
        setOutcome({ text: t('seats.verify.already', { email: answer.email }), failed: false })
        onVerified()
      } else setOutcome({ text: t('seats.verify.sent', { email: answer.email }), failed: false })
    } catch (error) {
      setOutcome({ text: failureOf(error, t('common.errorText')), failed: true })
    } finally {
      setPending(false)
    }
  }
  return (
    <div className="seats-verify">
      <p>{t('seats.verify.needed')}</p>
      <button type="button" className="button button-primary button-small" disabled={pending} onClick={() => void send()}>
        {pending ? t('seats.verify.sending') : t('seats.verify.button')}
      </button>
      {outcome && (
        <p role={outcome.failed ? 'alert' : 'status'} className={outcome.failed ? 'field-error' : 'seats-done'}>
          {outcome.text}
        </p>
      )}
    </div>
  )
}
