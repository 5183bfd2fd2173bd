import { useState, type FormEvent } from 'react'
import { shipOrder, type StaffShipment } from '../api/shipments'
import { TextField } from '../kit/form-fields'
import { useStaff } from '../kit/staff-context'
import { useAttempt } from '../kit/use-attempt'
import { useStaffT } from '../kit/use-staff-t'

const TRACKING = /^[A-Za-z0-9-]{4,40}$/

/** "Shipped": the courier and its tracking number (the buyer is mailed them); a shipped copy's pair can be corrected. */
export function ShipForm({ shipment, onDone }: { shipment: StaffShipment; onDone: (next: StaffShipment) => void }) {
  const t = useStaffT()
  const { endedSession } = useStaff()
  const [carrier, setCarrier] = useState(shipment.carrier ?? '')
  const [trackingNo, setTrackingNo] = useState(shipment.trackingNo ?? '')
  const [checked, setChecked] = useState(false)
  const { pending, failure, attempt } = useAttempt(t('staff.shipments.failed'))
  const carrierError = checked && !carrier.trim() ? t('staff.shipments.carrierRequired') : undefined
  const trackingError = checked && !TRACKING.test(trackingNo.trim()) ? t('staff.shipments.trackingInvalid') : undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (pending || !carrier.trim() || !TRACKING.test(trackingNo.trim())) return
    void attempt(
      async () => onDone(await shipOrder(shipment.orderNo, carrier.trim(), trackingNo.trim())),
      (error) => endedSession(error),
    )
  }

  return (
    <form className="shipment-form" noValidate onSubmit={submit} aria-label={t('staff.shipments.shipFor', { orderNo: shipment.orderNo })}>
      <TextField label={t('staff.shipments.carrier')} value={carrier} onChange={setCarrier} maxLength={60} required error={carrierError} />
      <TextField
        label={t('staff.shipments.trackingNo')}
        value={trackingNo}
        onChange={setTrackingNo}
        maxLength={40}
        required
        error={trackingError}
        autoComplete="off"
      />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? t('staff.loading') : t(shipment.status === 'shipped' ? 'staff.shipments.correct' : 'staff.shipments.confirmShip')}
      </button>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </form>
  )
}
