import { useId, useState, type FormEvent } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { showToast } from '../../../lib/toast'
import { issueInvoice, resendInvoice, reverseInvoice, uploadInvoiceFile, type StaffInvoice } from '../api/invoices'
import { useAttempt } from '../kit/use-attempt'
import { useStaffT } from '../kit/use-staff-t'

// What finance does to one invoice, by its status: issue a request (or
// upload the file issued on the national platform), reverse an issued one
// with a reason, upload the red-letter file a manual reversal waits for,
// and mail the buyer again. Each answer replaces the row.

export function InvoiceActions({ invoice, onChanged }: { invoice: StaffInvoice; onChanged: () => void }) {
  const t = useStaffT()
  const { pending, failure, attempt } = useAttempt(t('staff.invoices.failed'))
  const [confirm, setConfirm] = useState<'issue' | 'reverse' | 'resend'>()
  const [reason, setReason] = useState('')
  const [uploading, setUploading] = useState(false)
  const reasonId = useId()
  const { orderNo } = invoice

  const run = (action: 'issue' | 'reverse' | 'resend') =>
    attempt(async () => {
      setConfirm(undefined)
      if (action === 'issue') await issueInvoice(orderNo)
      else if (action === 'reverse') await reverseInvoice(orderNo, reason.trim())
      else await resendInvoice(orderNo)
      showToast(t(`staff.invoices.done.${action}`), 'success')
      onChanged()
    })

  const which = invoice.status === 'requested' ? 'invoice' : 'red'
  return (
    <div className="staff-invoice-actions">
      {invoice.status === 'requested' && (
        <button type="button" className="button button-primary button-small" disabled={pending} onClick={() => setConfirm('issue')}>
          {t('staff.invoices.issue')}
        </button>
      )}
      {invoice.status === 'issued' && (
        <>
          <label className="visually-hidden" htmlFor={reasonId}>
            {t('staff.invoices.reason')}
          </label>
          <input
            id={reasonId}
            className="input input-small"
            maxLength={200}
            placeholder={t('staff.invoices.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={pending || !reason.trim()}
            onClick={() => setConfirm('reverse')}
          >
            {t('staff.invoices.reverse')}
          </button>
          <button type="button" className="button button-secondary button-small" disabled={pending} onClick={() => setConfirm('resend')}>
            {t('staff.invoices.resend')}
          </button>
        </>
      )}
      {(invoice.status === 'requested' || invoice.status === 'reversing') &&
        (uploading ? (
          <UploadForm
            which={which}
            onCancel={() => setUploading(false)}
            onUpload={(number, file) =>
              attempt(async () => {
                await uploadInvoiceFile(orderNo, which, number, file)
                setUploading(false)
                showToast(t('staff.invoices.done.upload'), 'success')
                onChanged()
              })
            }
            pending={pending}
          />
        ) : (
          <button type="button" className="button button-secondary button-small" disabled={pending} onClick={() => setUploading(true)}>
            {t(which === 'invoice' ? 'staff.invoices.upload' : 'staff.invoices.uploadRed')}
          </button>
        ))}
      {failure && (
        <p role="alert" className="staff-banner staff-banner-error">
          {failure}
        </p>
      )}
      {confirm && (
        <ConfirmDialog
          title={t(`staff.invoices.confirm.${confirm}`)}
          text={t(`staff.invoices.confirmText.${confirm}`, { orderNo, title: invoice.title.name })}
          confirmLabel={t(`staff.invoices.${confirm}`)}
          cancelLabel={t('staff.cancel')}
          pending={pending}
          onConfirm={() => void run(confirm)}
          onCancel={() => setConfirm(undefined)}
        />
      )}
    </div>
  )
}

function UploadForm({
  which,
  pending,
  onUpload,
  onCancel,
}: {
  which: 'invoice' | 'red'
  pending: boolean
  onUpload: (number: string, file: File) => Promise<void>
  onCancel: () => void
}) {
  const t = useStaffT()
  const [number, setNumber] = useState('')
  const [file, setFile] = useState<File>()
  const numberId = useId()
  const fileId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (file && number.trim()) void onUpload(number.trim(), file)
  }
  return (
    <form className="staff-invoice-upload" onSubmit={submit}>
      <label htmlFor={numberId} className="field-label">
        {t(which === 'invoice' ? 'staff.invoices.number' : 'staff.invoices.redNumber')}
      </label>
      <input
        id={numberId}
        className="input input-small"
        inputMode="numeric"
        maxLength={40}
        pattern="[0-9A-Za-z-]{8,40}"
        required
        value={number}
        onChange={(e) => setNumber(e.target.value)}
      />
      <label htmlFor={fileId} className="field-label">
        {t('staff.invoices.file')}
      </label>
      <input
        id={fileId}
        type="file"
        accept=".pdf,.ofd,.xml,application/pdf,application/xml"
        required
        onChange={(e) => setFile(e.target.files?.[0])}
      />
      <div className="staff-invoice-actions">
        <button type="submit" className="button button-primary button-small" disabled={pending || !file || !number.trim()}>
          {t('staff.invoices.send')}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={onCancel}>
          {t('staff.cancel')}
        </button>
      </div>
    </form>
  )
}
