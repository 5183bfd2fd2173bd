import type { OrderSeats, Seat } from '@rpt/contract'
import { useState, type FormEvent } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { FormField } from '../../../components/form-field'
import { ApiError } from '../../../lib/api-client'
import { formatDate } from '../../../lib/format'
import { useT } from '../../../lib/use-t'
import { emailError } from '../../../lib/validation'
import { inviteSeat, revokeSeat } from '../api/seats'

// The buyer's seats on the order page: who holds or was invited to each, a
// seat taken back after a confirmation, and the invitation form. A list, not
// a table, so that it reads at a phone's width.

/** The server's words for a failed call (its msg is already in the visitor's language), or the fallback. */
export const failureOf = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message ? error.message : fallback

interface Props {
  seats: OrderSeats
  /** The order's seats as the call answered them: the section renders from that answer. */
  onChanged: (next: OrderSeats) => void
}

export function SeatList({ seats, onChanged }: Props) {
  const t = useT()
  const [asked, setAsked] = useState<Seat>()
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string>()

  const takeBack = async (seat: Seat) => {
    setPending(true)
    setFailure(undefined)
    try {
      onChanged(await revokeSeat(seats.orderNo, seat.id))
    } catch (error) {
      setFailure(failureOf(error, t('common.errorText')))
    } finally {
      setPending(false)
      setAsked(undefined)
    }
  }

  if (seats.seats.length === 0) return <p className="document-note seats-none">{t('seats.none')}</p>
  return (
    <>
      <ul className="seat-list" aria-label={t('seats.listLabel')}>
        {seats.seats.map((seat) => (
          <li key={seat.id} className={`seat-row seat-${seat.state}`}>
            <div className="seat-who">
              <p className="seat-email">{seat.email}</p>
              <p className="meta">
                <span className={`status seat-state-${seat.state}`}>{t(`seats.state.${seat.state}`)}</span>
                {seat.name && <span>{seat.name}</span>}
                <span className="num">{t('seats.invitedOn', { date: formatDate(seat.invitedAt) })}</span>
                {seat.acceptedAt && <span className="num">{t('seats.acceptedOn', { date: formatDate(seat.acceptedAt) })}</span>}
                {seat.revokedAt && <span className="num">{t('seats.revokedOn', { date: formatDate(seat.revokedAt) })}</span>}
              </p>
            </div>
            {seat.state !== 'revoked' && (
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={t('seats.takeBackOf', { email: seat.email })}
                disabled={pending}
                onClick={() => setAsked(seat)}
              >
                {t('seats.takeBack')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
      {asked && (
        <ConfirmDialog
          title={t('seats.confirm.title')}
          text={t('seats.confirm.text', { email: asked.email })}
          confirmLabel={t('seats.takeBack')}
          cancelLabel={t('common.cancel')}
          pending={pending}
          onConfirm={() => void takeBack(asked)}
          onCancel={() => setAsked(undefined)}
        />
      )}
    </>
  )
}

/** Invites a colleague by e-mail; closed, with the reason, once every seat is taken. */
export function InviteForm({ seats, onChanged }: Props) {
  const t = useT()
  const [email, setEmail] = useState('')
  const [invalid, setInvalid] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const [done, setDone] = useState<string>()
  const [pending, setPending] = useState(false)
  const full = seats.seatLimit !== null && seats.seatsUsed >= seats.seatLimit

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending || full) return
    const check = emailError(email)
    setInvalid(check && t(check))
    setFailure(undefined)
    setDone(undefined)
    if (check) return
    setPending(true)
    try {
      onChanged(await inviteSeat(seats.orderNo, email))
      setDone(t('seats.invite.done', { email: email.trim() }))
      setEmail('')
    } catch (error) {
      setFailure(failureOf(error, t('common.errorText')))
    } finally {
      setPending(false)
    }
  }

  return (
    <form className="seats-invite" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="seats-invite-heading">
      <h3 id="seats-invite-heading" className="seats-subheading">
        {t('seats.invite.heading')}
      </h3>
      <FormField label={t('seats.invite.email')} error={invalid} hint={full ? t('seats.invite.full') : t('seats.invite.hint')}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="email"
            name="email"
            autoComplete="off"
            maxLength={200}
            value={email}
            disabled={full}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="button button-primary" disabled={full || pending}>
        {pending ? t('seats.invite.sending') : t('seats.invite.submit')}
      </button>
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
      {done && (
        <p role="status" className="seats-done">
          {done}
        </p>
      )}
    </form>
  )
}
