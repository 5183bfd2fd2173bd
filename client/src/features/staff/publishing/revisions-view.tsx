import { useState } from 'react'
import { useSWRConfig } from 'swr'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { showToast } from '../../../lib/toast'
import type { Revision } from '@rpt/contract'
import { getRevision, reportKey, restoreRevision, revisionsKey, useReport, useRevisions } from '../api/reports'
import { formatDateTime } from '../kit/format'
import type { StaffAction } from '@rpt/contract/staff-permissions'
import { failureText, useMay, useStaff } from '../kit/staff-context'
import { ConsoleLink } from '../kit/list-controls'
import { useStaffT } from '../kit/use-staff-t'
import type { StaffMessageId } from '../messages'
import { RevisionCompare, type RecordKind } from './revision-compare'

/** Where a record's revisions come from: a report's, a bulletin's or a news item's calls. */
export interface RevisionSource {
  /** What the record is: its fields are named and compared as that kind's */
  kind: RecordKind
  /** The action a restore needs (a restore is a save) */
  write: StaffAction
  useRevisions: (code: string) => { data?: Revision[]; error?: Error }
  useCurrent: (code: string) => { data?: { version: number } }
  get: (code: string, revision: number) => Promise<Revision & { snapshot: unknown }>
  restore: (code: string, revision: number, version: number) => Promise<unknown>
  currentKey: (code: string) => readonly unknown[]
  revisionsKey: (code: string) => readonly unknown[]
  /** The record's editor */
  path: (code: string) => string
}

export const REPORT_REVISIONS: RevisionSource = {
  kind: 'report',
  write: 'reports.write',
  useRevisions,
  useCurrent: useReport,
  get: getRevision,
  restore: restoreRevision,
  currentKey: reportKey,
  revisionsKey,
  path: (code) => `/staff/reports/${encodeURIComponent(code)}`,
}

/** What each save did, by its revision's action (the server's words for them). */
const ACTIONS: Record<string, StaffMessageId> = {
  create: 'staff.revisions.action.create',
  update: 'staff.revisions.action.update',
  publish: 'staff.revisions.action.publish',
  schedule: 'staff.revisions.action.schedule',
  unpublish: 'staff.revisions.action.unpublish',
  restore: 'staff.revisions.action.restore',
  upload: 'staff.revisions.action.upload',
  import: 'staff.revisions.action.import',
  cover: 'staff.revisions.action.cover',
  uncover: 'staff.revisions.action.uncover',
}
/** The scheduled publish's author, as the server names it */
const SCHEDULER = 'scheduler'

/** listReportRevisions (or a bulletin's, a news item's), with a comparison of one with the current save and its restore. */
export function RevisionsView({ code, source = REPORT_REVISIONS }: { code: string; source?: RevisionSource }) {
  const t = useStaffT()
  const { locale, endedSession } = useStaff()
  const mayRestore = useMay()(source.write)
  const { mutate } = useSWRConfig()
  const { data: revisions, error } = source.useRevisions(code)
  const { data: current } = source.useCurrent(code)
  const [compared, setCompared] = useState<Revision & { snapshot: unknown }>()
  const [restoring, setRestoring] = useState<number>()
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string>()

  const refuse = (failed: unknown) => {
    if (!endedSession(failed)) setFailure(failureText(failed, t('staff.editor.failed')))
  }
  const compare = async (revision: number) => {
    setFailure(undefined)
    try {
      setCompared(await source.get(code, revision))
    } catch (failed) {
      refuse(failed)
    }
  }
  const restore = async () => {
    if (restoring === undefined || !current) return
    setPending(true)
    try {
      const saved = await source.restore(code, restoring, current.version)
      await mutate(source.currentKey(code), saved, { revalidate: false })
      await mutate(source.revisionsKey(code))
      setCompared(undefined)
      showToast(t('staff.revisions.restored', { revision: restoring }), 'success')
    } catch (failed) {
      refuse((failed as { code?: number }).code === 300101 ? { message: t('staff.revisions.conflict') } : failed)
      if ((failed as { code?: number }).code === 300101) await mutate(source.currentKey(code))
    } finally {
      setPending(false)
      setRestoring(undefined)
    }
  }
  const editorPath = source.path(code)

  return (
    <section className="staff-section" aria-labelledby="staff-revisions-title">
      <p className="staff-crumb">
        <ConsoleLink path={editorPath}>{t('staff.revisions.back', { code })}</ConsoleLink>
      </p>
      <h1 id="staff-revisions-title" className="staff-title" tabIndex={-1}>
        {t('staff.revisions.title', { code })}
      </h1>
      {(failure || error) && (
        <p role="alert" className="staff-banner staff-banner-error">
          {failure ?? failureText(error, t('staff.list.failed'))}
        </p>
      )}
      {!mayRestore && <p className="muted">{t('staff.access.restore')}</p>}
      <div className="staff-table-wrap">
        <table className="staff-table">
          <caption className="visually-hidden">{t('staff.revisions.title', { code })}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('staff.revisions.version')}</th>
              <th scope="col">{t('staff.audit.action')}</th>
              <th scope="col">{t('staff.revisions.author')}</th>
              <th scope="col">{t('staff.audit.at')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('staff.audit.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {revisions?.map((item) => (
              <tr key={item.revision} className={compared?.revision === item.revision ? 'is-selected' : undefined}>
                <td className="staff-num">{item.revision}</td>
                <td className="staff-num">{item.version}</td>
                <td>{ACTIONS[item.action] ? t(ACTIONS[item.action]!) : item.action}</td>
                <td>{item.author === SCHEDULER ? t('staff.revisions.scheduler') : item.author}</td>
                <td className="staff-num">{formatDateTime(item.at, locale)}</td>
                <td className="staff-row-actions">
                  <button type="button" className="button button-secondary" onClick={() => void compare(item.revision)}>
                    {t('staff.revisions.compare')}
                  </button>
                  {mayRestore && (
                    <button
                      type="button"
                      className="button button-ghost"
                      disabled={!current || item.version === current.version}
                      onClick={() => setRestoring(item.revision)}
                    >
                      {t('staff.revisions.restore')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
            {revisions?.length === 0 && (
              <tr>
                <td colSpan={6} className="staff-empty">
                  {t('staff.revisions.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>

      {compared && (
        <section className="staff-diff" aria-labelledby="staff-diff-title" aria-live="polite">
          <h2 id="staff-diff-title">{t('staff.revisions.diffTitle', { revision: compared.revision })}</h2>
          <RevisionCompare kind={source.kind} revision={compared.revision} before={compared.snapshot} after={current} />
        </section>
      )}
      {restoring !== undefined && (
        <ConfirmDialog
          title={t('staff.revisions.restoreTitle', { revision: restoring })}
          text={t('staff.revisions.restoreText')}
          confirmLabel={t('staff.revisions.restore')}
          cancelLabel={t('staff.cancel')}
          pending={pending}
          onCancel={() => setRestoring(undefined)}
          onConfirm={() => void restore()}
        />
      )}
    </section>
  )
}
