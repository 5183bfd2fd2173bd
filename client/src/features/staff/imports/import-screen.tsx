import { useEffect, useId, useRef, useState } from 'react'
import sampleSheet from '../../../../../docs/staff-import-sample.csv?raw'
import { getImport, importUnderWay, startImport, type ImportFiles, type StaffImport } from '../api/imports'
import { UploadProgress } from '../kit/file-upload'
import { SectionHead } from '../kit/section-head'
import { failureText, useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'
import { ImportResult } from './import-result'
import './import.css'

// Bulk import of reports in the console: choose the sheet (and the zip of its
// files), check it (a dry run that changes nothing), read its errors row by
// row, then run it and follow its progress. The same call as
// `npm run staff -- import` (docs/staff.md, "Bulk import").

/** How often a running import's progress is read again. */
const POLL_MS = 1000

type Stage = { step: 'choose' } | { step: 'sending'; dryRun: boolean; progress: number } | { step: 'answered'; item: StaffImport }

const SAMPLE_NAME = 'staff-import-sample.csv'

export function ImportScreen() {
  const t = useStaffT()
  const { endedSession } = useStaff()
  const [files, setFiles] = useState<Partial<ImportFiles>>({})
  const [stage, setStage] = useState<Stage>({ step: 'choose' })
  const [failure, setFailure] = useState<string>()
  const abort = useRef<AbortController>(undefined)

  // A real run goes on as a job: read its progress until it ends.
  const following = stage.step === 'answered' && !stage.item.dryRun && importUnderWay(stage.item) ? stage.item.id : undefined
  useEffect(() => {
    if (!following) return
    let stopped = false
    const timer = window.setTimeout(() => {
      getImport(following).then(
        (item) => !stopped && setStage({ step: 'answered', item }),
        (error: unknown) => !stopped && !endedSession(error) && setFailure(failureText(error, t('staff.import.failed'))),
      )
    }, POLL_MS)
    return () => {
      stopped = true
      window.clearTimeout(timer)
    }
  }, [following, stage, endedSession, t])

  const send = async (dryRun: boolean) => {
    if (!files.sheet) return setFailure(t('staff.import.chooseSheet'))
    setFailure(undefined)
    setStage({ step: 'sending', dryRun, progress: 0 })
    abort.current = new AbortController()
    try {
      const item = await startImport({ sheet: files.sheet, zip: files.zip }, dryRun, {
        signal: abort.current.signal,
        onProgress: (sent, total) => setStage({ step: 'sending', dryRun, progress: total > 0 ? Math.round((sent / total) * 100) : 0 }),
      })
      setStage({ step: 'answered', item })
    } catch (error) {
      setStage({ step: 'choose' })
      if (error instanceof DOMException && error.name === 'AbortError') return
      if (!endedSession(error)) setFailure(failureText(error, t('staff.import.failed')))
    }
  }

  const choose = (next: Partial<ImportFiles>) => {
    setFiles((current) => ({ ...current, ...next }))
    setStage({ step: 'choose' })
    setFailure(undefined)
  }
  const sampleHref = `data:text/csv;charset=utf-8,${encodeURIComponent(sampleSheet)}`
  const busy = stage.step === 'sending' || following !== undefined
  const checked = stage.step === 'answered' && stage.item.dryRun && stage.item.status === 'ready'

  return (
    <section className="staff-section" aria-labelledby="staff-import-title">
      <SectionHead id="staff-import-title" title={t('staff.import.title')} />
      <p className="staff-meta">
        {t('staff.import.lead')}{' '}
        <a href={sampleHref} download={SAMPLE_NAME}>
          {t('staff.import.sample')}
        </a>
      </p>
      <div className="staff-import-files">
        <FileChoice
          label={t('staff.import.sheet')}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={busy}
          onChoose={(sheet) => choose({ sheet })}
        />
        <FileChoice
          label={t('staff.import.zip')}
          hint={t('staff.import.zipHint')}
          accept=".zip,application/zip"
          disabled={busy}
          onChoose={(zip) => choose({ zip })}
        />
      </div>
      <div className="button-row">
        <button type="button" className="button button-secondary" disabled={busy || !files.sheet} onClick={() => void send(true)}>
          {t('staff.import.check')}
        </button>
        <button
          type="button"
          className={`button ${checked ? 'button-primary' : 'button-secondary'}`}
          disabled={busy || !files.sheet}
          onClick={() => void send(false)}
        >
          {t('staff.import.run')}
        </button>
      </div>
      {stage.step === 'sending' && (
        <UploadProgress
          progress={stage.progress}
          label={t(stage.dryRun ? 'staff.import.checking' : 'staff.import.sending')}
          onCancel={() => abort.current?.abort()}
        />
      )}
      {failure && (
        <p role="alert" className="staff-banner staff-banner-error">
          {failure}
        </p>
      )}
      {stage.step === 'answered' && <ImportResult item={stage.item} />}
    </section>
  )
}

interface FileChoiceProps {
  label: string
  hint?: string
  accept: string
  disabled: boolean
  onChoose: (file: File | undefined) => void
}

/** One file of the import, chosen (not sent: the buttons send). */
function FileChoice({ label, hint, accept, disabled, onChoose }: FileChoiceProps) {
  const id = useId()
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} type="file" accept={accept} disabled={disabled} onChange={(e) => onChoose(e.target.files?.[0])} />
      {hint && <p className="field-hint">{hint}</p>}
    </div>
  )
}
