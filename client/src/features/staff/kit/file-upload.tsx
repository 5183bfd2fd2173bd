import { useContext, useId, useRef, useState } from 'react'
import type { UploadOptions } from '../../../lib/staff-api-client'
import type { StoredFile } from '../api/reports'
import { ReadOnlyContext } from './form-fields'
import { formatBytes, formatDateTime } from './format'
import { failureText, useStaff } from './staff-context'
import { useStaffT } from './use-staff-t'
import './staff-desk.css'

interface Props {
  label: string
  /** The upload call (uploadReportFile, uploadBulletinFile) with the record's version the upload is based on */
  send: (file: File, options: UploadOptions) => Promise<StoredFile>
  stored?: StoredFile | null
  /** Uploaded: the record has a new version to read. */
  onUploaded: (file: StoredFile) => void
  /** Refused with 300101 (someone saved in between). */
  onConflict: () => void
}

/** The documents the file store takes: PDF or Word. */
export const ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document'

/**
 * A document of a record (a report's sample or full file in one language, a
 * bulletin's file): sent as the raw body with a progress bar; shows size,
 * type and SHA-256 once stored.
 */
export function FileUpload({ label, send, stored, onUploaded, onConflict }: Props) {
  const t = useStaffT()
  const { locale, endedSession } = useStaff()
  const inputId = useId()
  const [progress, setProgress] = useState<number>()
  const [error, setError] = useState<string>()
  const abort = useRef<AbortController>(undefined)
  // A role that may only read sees the stored file, not the way to replace it.
  const readOnly = useContext(ReadOnlyContext)

  const upload = async (file: File | undefined) => {
    if (!file) return
    setError(undefined)
    setProgress(0)
    abort.current = new AbortController()
    try {
      const result = await send(file, {
        signal: abort.current.signal,
        onProgress: (sent, total) => setProgress(total > 0 ? Math.round((sent / total) * 100) : 0),
      })
      onUploaded(result)
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return
      if (endedSession(failure)) return
      if ((failure as { code?: number }).code === 300101) onConflict()
      else setError(failureText(failure, t('staff.file.failed')))
    } finally {
      setProgress(undefined)
    }
  }

  return (
    <div className="staff-file">
      {readOnly ? (
        <p className="field-label">{label}</p>
      ) : (
        <label className="field-label" htmlFor={inputId}>
          {label}
        </label>
      )}
      {stored ? (
        <dl className="staff-file-facts">
          <dt>{t('staff.file.name')}</dt>
          <dd>{stored.name}</dd>
          <dt>{t('staff.file.size')}</dt>
          <dd className="staff-num">{formatBytes(stored.size)}</dd>
          <dt>{t('staff.file.type')}</dt>
          <dd>{stored.type}</dd>
          <dt>SHA-256</dt>
          <dd className="staff-mono staff-hash">{stored.sha256}</dd>
          <dt>{t('staff.file.uploadedAt')}</dt>
          <dd>{formatDateTime(stored.uploadedAt, locale)}</dd>
        </dl>
      ) : (
        <p className="muted">{t('staff.file.none')}</p>
      )}
      {!readOnly && (
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          disabled={progress !== undefined}
          onChange={(e) => {
            void upload(e.target.files?.[0])
            e.target.value = ''
          }}
        />
      )}
      {progress !== undefined && (
        <UploadProgress progress={progress} label={t('staff.file.progress', { file: label })} onCancel={() => abort.current?.abort()} />
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** An upload under way: its progress and the way to stop it. */
export function UploadProgress({ progress, label, onCancel }: { progress: number; label: string; onCancel: () => void }) {
  const t = useStaffT()
  return (
    <div className="staff-progress-row">
      <progress max={100} value={progress} aria-label={label}>
        {progress}%
      </progress>
      <span className="staff-num">{progress}%</span>
      <button type="button" className="button button-ghost" onClick={onCancel}>
        {t('staff.cancel')}
      </button>
    </div>
  )
}
