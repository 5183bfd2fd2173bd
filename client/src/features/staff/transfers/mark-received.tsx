import { useId, useState, type FormEvent } from 'react'
import { markTransferReceived, type BankTransferItem } from '../api/transfers'
import { useAttempt } from '../kit/use-attempt'
import { useStaffT } from '../kit/use-staff-t'

/** Today as the bank books it (China), for the form's default. */
const chinaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)

/**
 * Marks one awaited transfer received: the amount as the statement shows it
 * (another amount is refused by the server with the two amounts), the day it
 * was booked and the bank's serial number. The same serial twice pays once.
 */
export function MarkReceived({
  item,
  onDone,
  onCancel,
}: {
  item: BankTransferItem
  onDone: (applied: boolean) => void
  onCancel: () => void
}) {
  const t = useStaffT()
  const id = useId()
  const [amount, setAmount] = useState(String(item.amount))
  const [date, setDate] = useState(chinaToday())
  const [serial, setSerial] = useState('')
  const { pending, failure, attempt } = useAttempt(t('staff.transfers.markFailed'))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void attempt(async () => {
      const receipt = await markTransferReceived(item.orderNo, { amount: Number(amount), date, serial: serial.trim() })
      onDone(receipt.applied)
    })
  }

  return (
    <form className="staff-transfer-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="staff-transfer-form-title">
        {t('staff.transfers.markTitle', { reference: item.reference, orderNo: item.orderNo })}
      </h2>
      <div className="staff-transfer-fields">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-amount`}>
            {t('staff.transfers.amountReceived', { currency: item.currency })}
          </label>
          <input
            id={`${id}-amount`}
            className="input"
            inputMode="decimal"
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-date`}>
            {t('staff.transfers.dateReceived')}
          </label>
          <input id={`${id}-date`} className="input" type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-serial`}>
            {t('staff.transfers.serial')}
          </label>
          <input id={`${id}-serial`} className="input" required maxLength={64} value={serial} onChange={(e) => setSerial(e.target.value)} />
        </div>
      </div>
      {failure && (
        <p role="alert" className="staff-banner staff-banner-error">
          {failure}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending ? t('staff.transfers.marking') : t('staff.transfers.markSubmit')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={pending}>
          {t('staff.cancel')}
        </button>
      </div>
    </form>
  )
}
