import { useId, useState, type FormEvent } from 'react'
import { showToast } from '../../../lib/toast'
import { updateOrderSeats, type SeatsChange, type StaffOrderSeats } from '../api/licences'
import { useConfirmedAction } from '../kit/confirmed-action'
import { useStaffT } from '../kit/use-staff-t'

// updateOrderSeats (licences.act): the order's seat limit (or back to the
// licence's), its enterprise domain (or back to the buyer's), the seats ticked
// above taken back, colleagues invited, failed copies made again. Each change
// is one call, confirmed, audited by the server; its refusal shows here.

type Action = 'limit' | 'limitDefault' | 'domain' | 'domainClear' | 'revoke' | 'invite' | 'restamp'

/** The addresses of a pasted list: one a line, or separated by commas, semicolons or spaces. */
export const emailsOf = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;，；]+/)
      .map((word) => word.trim())
      .filter(Boolean),
  ),
]

interface Props {
  seats: StaffOrderSeats
  /** The seats ticked in the table, to take back */
  chosen: ReadonlySet<string>
  onChanged: (next: StaffOrderSeats) => void
}

export function SeatActions({ seats, chosen, onChanged }: Props) {
  const t = useStaffT()
  const ids = { limit: useId(), domain: useId(), invite: useId() }
  const [limit, setLimit] = useState(seats.seatLimit === null ? '' : String(seats.seatLimit))
  const [domain, setDomain] = useState(seats.domainSource === 'staff' ? (seats.domain ?? '') : '')
  const [invite, setInvite] = useState('')
  const failedCopies = seats.copies.filter((copy) => copy.state === 'failed').length
  const limitValue = Number(limit)
  const limitValid = /^\d+$/.test(limit.trim()) && limitValue >= 1 && limitValue <= 10000
  const domainValue = domain.trim().replace(/^@/, '').toLowerCase()
  const emails = emailsOf(invite)

  const change = (action: Action): SeatsChange => {
    switch (action) {
      case 'limit':
        return { seatLimit: limitValue }
      case 'limitDefault':
        return { seatLimit: null }
      case 'domain':
        return { domain: domainValue }
      case 'domainClear':
        return { domain: null }
      case 'revoke':
        return { revokeSeatIds: [...chosen] }
      case 'invite':
        return { inviteEmails: emails }
      case 'restamp':
        return { restamp: true }
    }
  }

  const { ask, pending, dialog, failed } = useConfirmedAction<Action>(t('staff.seats.actionFailed'), async (action) => {
    onChanged(await updateOrderSeats(seats.orderNo, change(action)))
    if (action === 'invite') setInvite('')
    showToast(t(`staff.seats.done.${action}`), 'success')
  })
  const onSubmit = (action: Action) => (event: FormEvent) => {
    event.preventDefault()
    ask(action)
  }

  return (
    <div className="staff-seat-actions">
      <h3 className="staff-subtitle">{t('staff.seats.actionsTitle')}</h3>
      {failed}
      <form className="staff-desk-form" onSubmit={onSubmit('limit')}>
        <label htmlFor={ids.limit} className="field-label">
          {t('staff.seats.setLimit')}
        </label>
        <div className="staff-inline">
          <input
            id={ids.limit}
            className="input staff-input-short"
            type="number"
            inputMode="numeric"
            min={1}
            max={10000}
            value={limit}
            onChange={(event) => setLimit(event.target.value)}
          />
          <button type="submit" className="button button-secondary" disabled={pending || !limitValid}>
            {t('staff.seats.saveLimit')}
          </button>
          {seats.seatLimitOverride && (
            <button type="button" className="button button-secondary" disabled={pending} onClick={() => ask('limitDefault')}>
              {t('staff.seats.limitToDefault')}
            </button>
          )}
        </div>
      </form>
      {seats.licence === 'enterprise' && (
        <form className="staff-desk-form" onSubmit={onSubmit('domain')}>
          <label htmlFor={ids.domain} className="field-label">
            {t('staff.seats.setDomain')}
          </label>
          <div className="staff-inline">
            <input
              id={ids.domain}
              className="input"
              placeholder="example.com"
              maxLength={200}
              autoComplete="off"
              value={domain}
              onChange={(event) => setDomain(event.target.value)}
            />
            <button type="submit" className="button button-secondary" disabled={pending || !domainValue.includes('.')}>
              {t('staff.seats.saveDomain')}
            </button>
            {seats.domainSource === 'staff' && (
              <button type="button" className="button button-secondary" disabled={pending} onClick={() => ask('domainClear')}>
                {t('staff.seats.domainToBuyer')}
              </button>
            )}
          </div>
        </form>
      )}
      <div className="staff-desk-form">
        <p className="staff-meta" aria-live="polite">
          {t('staff.seats.chosen', { count: chosen.size })}
        </p>
        <button type="button" className="button button-secondary" disabled={pending || chosen.size === 0} onClick={() => ask('revoke')}>
          {t('staff.seats.revoke')}
        </button>
      </div>
      <form className="staff-desk-form" onSubmit={onSubmit('invite')}>
        <label htmlFor={ids.invite} className="field-label">
          {t('staff.seats.invite')}
        </label>
        <textarea id={ids.invite} className="input" rows={3} value={invite} onChange={(event) => setInvite(event.target.value)} />
        <button type="submit" className="button button-secondary" disabled={pending || emails.length === 0 || emails.length > 100}>
          {t('staff.seats.inviteSubmit', { count: emails.length })}
        </button>
      </form>
      {failedCopies > 0 && (
        <div className="staff-desk-form">
          <button type="button" className="button button-primary" disabled={pending} onClick={() => ask('restamp')}>
            {t('staff.seats.restamp', { count: failedCopies })}
          </button>
        </div>
      )}
      {dialog((action) => ({
        title: t(`staff.seats.confirm.${action}`),
        text: t(`staff.seats.confirmText.${action}`, {
          orderNo: seats.orderNo,
          limit: limit.trim(),
          domain: domainValue,
          count: action === 'revoke' ? chosen.size : action === 'restamp' ? failedCopies : emails.length,
        }),
        confirmLabel: t('staff.seats.confirmLabel'),
      }))}
    </div>
  )
}
