import { useId, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { showToast } from '../../../lib/toast'
import type { ContentStatus } from '../api/reports'
import { useStaff } from '../kit/staff-context'
import { ConsoleLink } from '../kit/list-controls'
import { useStaffT } from '../kit/use-staff-t'

/** The calls of the record's kind; each acts on the version the editor holds. */
export interface PublishOps {
  publish: (at?: string) => Promise<void>
  unpublish: () => Promise<void>
  /** Deletes the draft; the list is shown after it */
  remove: () => Promise<void>
  /** A signed preview link, for kinds that have one */
  preview?: () => Promise<string>
}

interface Props {
  record: { status: ContentStatus; publishAt: string | null }
  /** Unsaved edits: publishing acts on the saved version, so it waits for a save. */
  dirty: boolean
  ops: PublishOps
  onRefused: (error: unknown) => void
  /** Where the record's revisions are, and where the list is (after a delete) */
  revisionsPath: string
  listPath: string
  /** The take-down dialog's words, for a kind whose take-down means something else than a report's */
  unpublishTexts?: { title: string; text: string }
  /** What the role may do (the contract's permission table): publish, schedule and take down; delete a draft */
  may: { publish: boolean; remove: boolean }
}

type Pending = 'publish' | 'schedule' | 'unpublish' | 'delete' | 'preview'

/** Preview, publish now or at a time, take down, delete a draft, and the revisions: of a report, a bulletin or a news item. */
export function PublishActions({ record, dirty, ops, onRefused, revisionsPath, listPath, unpublishTexts, may }: Props) {
  const t = useStaffT()
  const { navigate } = useStaff()
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
      await ops.publish(when)
      showToast(t(when ? 'staff.actions.scheduled' : 'staff.actions.published'), 'success')
    })
  const preview = () =>
    run('preview', async () => {
      // Opened before the call answers: a window opened after an await is a pop-up browsers block.
      const tab = window.open('about:blank', '_blank')
      try {
        const url = await ops.preview!()
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
  const live = record.status === 'published' || record.status === 'scheduled'

  return (
    <div className="staff-actions" role="group" aria-label={t('staff.actions.label')}>
      {dirty && <p className="staff-actions-note">{t('staff.actions.saveFirst')}</p>}
      <div className="staff-actions-row">
        {ops.preview && (
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => void preview()}>
            {t('staff.actions.preview')}
          </button>
        )}
        {may.publish && record.status !== 'published' && (
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void publish()}>
            {pending === 'publish' ? t('staff.actions.working') : t('staff.actions.publish')}
          </button>
        )}
        {may.publish && (
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
        )}
        {may.publish && live && (
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => setConfirm('unpublish')}>
            {t('staff.actions.unpublish')}
          </button>
        )}
        {may.remove && record.status === 'draft' && (
          <button type="button" className="button button-ghost staff-danger" disabled={busy} onClick={() => setConfirm('delete')}>
            {t('staff.actions.delete')}
          </button>
        )}
        <ConsoleLink path={revisionsPath} className="staff-link">
          {t('staff.actions.revisions')}
        </ConsoleLink>
      </div>
      {past && (
        <p className="field-error" role="alert">
          {t('staff.actions.past')}
        </p>
      )}
      {record.status === 'scheduled' && record.publishAt && (
        <p className="staff-actions-note">{t('staff.actions.scheduledFor', { at: new Date(record.publishAt).toLocaleString() })}</p>
      )}
      {confirm && (
        <ConfirmDialog
          title={confirm === 'delete' ? t('staff.actions.deleteTitle') : (unpublishTexts?.title ?? t('staff.actions.unpublishTitle'))}
          text={confirm === 'delete' ? t('staff.actions.deleteText') : (unpublishTexts?.text ?? t('staff.actions.unpublishText'))}
          confirmLabel={t(confirm === 'delete' ? 'staff.actions.delete' : 'staff.actions.unpublish')}
          cancelLabel={t('staff.cancel')}
          pending={pending !== undefined}
          onCancel={() => setConfirm(undefined)}
          onConfirm={() =>
            void (confirm === 'delete'
              ? run('delete', async () => {
                  await ops.remove()
                  showToast(t('staff.actions.deleted'), 'success')
                  navigate(listPath, { replace: true })
                })
              : run('unpublish', async () => {
                  await ops.unpublish()
                  showToast(t('staff.actions.unpublished'), 'success')
                }))
          }
        />
      )}
    </div>
  )
}
