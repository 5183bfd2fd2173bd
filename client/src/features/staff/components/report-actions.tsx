import { useId, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { showToast } from '../../../lib/toast'
import { deleteReport, previewReport, publishReport, unpublishReport, type StaffReport } from '../api/reports'
import { isPlainClick, useStaff } from './staff-context'
import { useStaffT } from './use-staff-t'

interface Props {
  report: StaffReport
  /** Unsaved edits: publishing acts on the saved version, so it waits for a save. */
  dirty: boolean
  onChanged: (next: StaffReport) => void
  onRefused: (error: unknown) => void
}

type Pending = 'publish' | 'schedule' | 'unpublish' | 'delete' | 'preview'

/** Preview, publish now or at a time, take down, delete a draft, and the revisions. */
export function ReportActions({ report, dirty, onChanged, onRefused }: Props) {
  const t = useStaffT()
  const { navigate, href } = useStaff()
  const [pending, setPending] = useState<Pending>()
  const [confirm, setConfirm] = useState<'unpublish' | 'delete'>()
  const [at, setAt] = useState('')
  const [past, setPast] = useState(false)
  const atId = useId()

  const run = async (name: Pending, action: () => Promise<void>) => {
    setPending(name)
    try {
      await action()
    } catch (error) {
      onRefused(error)
    } finally {
      setPending(undefined)
      setConfirm(undefined)
    }
  }
  const publish = (when?: string) =>
    run(when ? 'schedule' : 'publish', async () => {
      onChanged(await publishReport(report.code, report.version, when))
      showToast(t(when ? 'staff.actions.scheduled' : 'staff.actions.published'), 'success')
    })
  const preview = () =>
    run('preview', async () => {
      // Opened before the call answers: a window opened after an await is a pop-up browsers block.
      const tab = window.open('about:blank', '_blank')
      try {
        const { url } = await previewReport(report.code)
        if (tab) {
          tab.opener = null
          tab.location.href = url
        } else window.open(url, '_blank', 'noopener')
      } catch (error) {
        tab?.close()
        throw error
      }
    })
  const scheduleAt = at ? new Date(at) : undefined
  const canSchedule = scheduleAt !== undefined && !Number.isNaN(scheduleAt.getTime())
  const busy = pending !== undefined || dirty
  const live = report.status === 'published' || report.status === 'scheduled'

  return (
    <div className="staff-actions" role="group" aria-label={t('staff.actions.label')}>
      {dirty && <p className="staff-actions-note">{t('staff.actions.saveFirst')}</p>}
      <div className="staff-actions-row">
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => void preview()}>
          {t('staff.actions.preview')}
        </button>
        {report.status !== 'published' && (
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void publish()}>
            {pending === 'publish' ? t('staff.actions.working') : t('staff.actions.publish')}
          </button>
        )}
        <span className="staff-schedule">
          <label htmlFor={atId}>{t('staff.actions.at')}</label>
          <input
            id={atId}
            className="input"
            type="datetime-local"
            value={at}
            onChange={(e) => {
              setAt(e.target.value)
              setPast(false)
            }}
            aria-invalid={past || undefined}
          />
          <button
            type="button"
            className="button button-secondary"
            disabled={busy || !canSchedule}
            onClick={() => (scheduleAt && scheduleAt.getTime() > Date.now() ? void publish(scheduleAt.toISOString()) : setPast(true))}
          >
            {t('staff.actions.schedule')}
          </button>
        </span>
        {live && (
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => setConfirm('unpublish')}>
            {t('staff.actions.unpublish')}
          </button>
        )}
        {report.status === 'draft' && (
          <button type="button" className="button button-ghost staff-danger" disabled={busy} onClick={() => setConfirm('delete')}>
            {t('staff.actions.delete')}
          </button>
        )}
        <a
          className="staff-link"
          href={href(`/staff/reports/${encodeURIComponent(report.code)}/revisions`)}
          onClick={(event) => {
            if (!isPlainClick(event)) return
            event.preventDefault()
            navigate(`/staff/reports/${encodeURIComponent(report.code)}/revisions`)
          }}
        >
          {t('staff.actions.revisions')}
        </a>
      </div>
      {past && (
        <p className="field-error" role="alert">
          {t('staff.actions.past')}
        </p>
      )}
      {report.status === 'scheduled' && report.publishAt && (
        <p className="staff-actions-note">{t('staff.actions.scheduledFor', { at: new Date(report.publishAt).toLocaleString() })}</p>
      )}
      {confirm && (
        <ConfirmDialog
          title={t(confirm === 'delete' ? 'staff.actions.deleteTitle' : 'staff.actions.unpublishTitle')}
          text={t(confirm === 'delete' ? 'staff.actions.deleteText' : 'staff.actions.unpublishText')}
          confirmLabel={t(confirm === 'delete' ? 'staff.actions.delete' : 'staff.actions.unpublish')}
          cancelLabel={t('staff.cancel')}
          pending={pending !== undefined}
          onCancel={() => setConfirm(undefined)}
          onConfirm={() =>
            void (confirm === 'delete'
              ? run('delete', async () => {
                  await deleteReport(report.code, report.version)
                  showToast(t('staff.actions.deleted'), 'success')
                  navigate('/staff/reports', { replace: true })
                })
              : run('unpublish', async () => {
                  onChanged(await unpublishReport(report.code, report.version))
                  showToast(t('staff.actions.unpublished'), 'success')
                }))
          }
        />
      )}
    </div>
  )
}
