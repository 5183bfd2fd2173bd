import type { RefObject } from 'react'
import { ApiError } from '../../../lib/api-client'
import type { ContentStatus } from '../api/reports'
import { formatDateTime } from '../kit/format'
import { ConsoleLink } from '../kit/list-controls'
import { useStaff } from '../kit/staff-context'
import { StatusBadge } from '../kit/status-badge'
import { useStaffT } from '../kit/use-staff-t'

// What the content editors (reports, bulletins, news) show of a save: the
// stored version and who made it, and what went wrong with the last save.

interface Stored {
  status: ContentStatus
  publishAt: string | null
  version: number
  updatedBy: string | null
}

/** The stored record's status, version and last editor, under the editor's title. */
export function EditorMeta({ stored }: { stored: Stored }) {
  const t = useStaffT()
  return (
    <p className="staff-meta">
      <StatusBadge status={stored.status} publishAt={stored.publishAt} /> {t('staff.editor.version', { version: stored.version })}
      {stored.updatedBy ? ` · ${t('staff.editor.updatedBy', { name: stored.updatedBy })}` : ''}
    </p>
  )
}

/** The server's refusal of an action the role may not take */
const STAFF_FORBIDDEN = 300004

/**
 * A save (Ctrl+S) of a form the role may only read: refused here, as the server would refuse it (403,
 * 300004), with nothing sent, so the editor says why instead of calling.
 */
export const refusedSave = (message: string) => (): Promise<never> => Promise.reject(new ApiError(STAFF_FORBIDDEN, message, 403))

/** What SaveProblems shows of an editor (useContentEditor) */
interface SaveState {
  /** Someone saved first (300101): reload theirs, or keep editing this one */
  conflict: boolean
  conflictRef: RefObject<HTMLDivElement | null>
  reload: () => Promise<void>
  hideConflict: () => void
  /** Any other failure, as the server worded it */
  failure: string | undefined
  /** Unsaved edits kept in this browser from an earlier visit */
  draft: { keptAt: number; stale: boolean; restore: () => void; discard: () => void } | null
}

export function SaveProblems({ editor }: { editor: SaveState }) {
  const { conflict, conflictRef, hideConflict: onKeepEditing, failure, draft } = editor
  const onReload = () => void editor.reload()
  const t = useStaffT()
  const { locale } = useStaff()
  return (
    <>
      {draft && (
        <div role="status" className="staff-banner staff-banner-warning">
          <p>
            {t('staff.editor.draftFound', { at: formatDateTime(new Date(draft.keptAt).toISOString(), locale) })}
            {draft.stale ? ` ${t('staff.editor.draftStale')}` : ''}
          </p>
          <div className="button-row">
            <button type="button" className="button button-primary" onClick={draft.restore}>
              {t('staff.editor.restore')}
            </button>
            <button type="button" className="button button-secondary" onClick={draft.discard}>
              {t('staff.editor.discard')}
            </button>
          </div>
        </div>
      )}
      {conflict && (
        <div ref={conflictRef} tabIndex={-1} role="alert" className="staff-banner staff-banner-warning">
          <p>{t('staff.editor.conflict')}</p>
          <div className="button-row">
            <button type="button" className="button button-primary" onClick={onReload}>
              {t('staff.editor.reload')}
            </button>
            <button type="button" className="button button-secondary" onClick={onKeepEditing}>
              {t('staff.editor.keepEditing')}
            </button>
          </div>
        </div>
      )}
      {failure && (
        <p role="alert" className="staff-banner staff-banner-error">
          {failure}
        </p>
      )}
    </>
  )
}

/** An editor's head: the way back to its list, its title, the stored record's state, and Save (or why there is none). */
export function EditorHead(props: {
  list: { path: string; label: string }
  title: string
  stored: Stored | undefined
  saving: boolean
  onSave: () => void
  /** The role may read but not change the record: no Save, and a word why */
  readOnly?: string | undefined
}) {
  const t = useStaffT()
  return (
    <div className="staff-title-row">
      <div>
        <p className="staff-crumb">
          <ConsoleLink path={props.list.path}>{props.list.label}</ConsoleLink>
        </p>
        <h1 id="staff-editor-title" className="staff-title" tabIndex={-1}>
          {props.title}
        </h1>
        {props.stored && <EditorMeta stored={props.stored} />}
      </div>
      {props.readOnly ? (
        <p className="staff-banner staff-banner-warning staff-read-only-note">{props.readOnly}</p>
      ) : (
        <button
          type="button"
          className="button button-primary"
          disabled={props.saving}
          onClick={props.onSave}
          aria-keyshortcuts="Control+S Meta+S"
          title={t('staff.editor.saveShortcut')}
        >
          {props.saving ? t('staff.editor.saving') : t('staff.editor.save')}
        </button>
      )}
    </div>
  )
}
