import { useId, useRef, useState } from 'react'
import { showToast } from '../../../lib/toast'
import { deliverOrderFile, type StaffOrder } from '../api/orders'
import { useConfirmedAction } from '../kit/confirmed-action'
import { ACCEPT, UploadProgress } from '../kit/file-upload'
import { useStaffT } from '../kit/use-staff-t'

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'

/**
 * deliverOrderFile (npm run deliver): for a paid research order, the file
 * chosen is sent as the raw body once confirmed, with its progress; the
 * server attaches it and mails the buyer the link.
 */
export function OrderDelivery({ order, onDone }: { order: StaffOrder; onDone: () => void }) {
  const t = useStaffT()
  const inputId = useId()
  const [file, setFile] = useState<File>()
  const [progress, setProgress] = useState<number>()
  const [outcome, setOutcome] = useState<string>()
  const abort = useRef<AbortController>(undefined)

  const deliver = async () => {
    if (!file) return
    setOutcome(undefined)
    setProgress(0)
    abort.current = new AbortController()
    try {
      const result = await deliverOrderFile(order.orderNo, file, {
        signal: abort.current.signal,
        onProgress: (sent, total) => setProgress(total > 0 ? Math.round((sent / total) * 100) : 0),
      })
      const done = t(result.mailQueued ? 'staff.orders.done.deliver' : 'staff.orders.done.deliverNoMail')
      showToast(done, 'success')
      setOutcome(done)
      setFile(undefined)
      onDone()
    } catch (error) {
      // Stopped by its Cancel button: nothing to report.
      if (!isAbort(error)) throw error
    } finally {
      setProgress(undefined)
    }
  }

  const { ask, pending, dialog, failed } = useConfirmedAction<'deliver'>(t('staff.orders.failed'), deliver)

  return (
    <section className="staff-fieldset staff-desk-form" aria-labelledby="staff-order-deliver">
      <h2 id="staff-order-deliver">{t('staff.orders.deliverTitle')}</h2>
      <label htmlFor={inputId} className="field-label">
        {t('staff.orders.deliverFile')}
      </label>
      <input
        key={outcome}
        id={inputId}
        type="file"
        accept={ACCEPT}
        disabled={pending}
        onChange={(event) => setFile(event.target.files?.[0])}
      />
      <button type="button" className="button button-primary" disabled={!file || pending} onClick={() => ask('deliver')}>
        {t('staff.orders.deliver')}
      </button>
      {progress !== undefined && file && (
        <UploadProgress
          progress={progress}
          label={t('staff.orders.deliverProgress', { file: file.name })}
          onCancel={() => abort.current?.abort()}
        />
      )}
      <p role="status" className="staff-meta">
        {outcome}
      </p>
      {failed}
      {dialog(() => ({
        title: t('staff.orders.confirm.deliver'),
        text: t('staff.orders.confirmText.deliver', { file: file?.name ?? '', orderNo: order.orderNo }),
        confirmLabel: t('staff.orders.deliver'),
      }))}
    </section>
  )
}
