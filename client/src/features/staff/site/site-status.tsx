import { useState } from 'react'
import { ApiError } from '../../../lib/api-client'
import { STAFF_VERSION_CONFLICT } from '../../../lib/staff-api-client'
import { failureText, useMay, useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'

// What the site sections (carousel, dictionary, settings) share: who may
// save, and the outcome of a save announced where a screen reader hears it.

export type SaveOutcome = { kind: 'saved' } | { kind: 'conflict' } | { kind: 'failed'; text: string } | undefined

/** Editors and administrators save site content; the other roles only look (the contract's table; the server checks it too). */
export function useMaySave(): boolean {
  return useMay()('site.write')
}

/** A failed save as an outcome, unless the session ended (the console signs in again). */
export function useSaveFailure(): (error: unknown) => SaveOutcome {
  const t = useStaffT()
  const { endedSession } = useStaff()
  return (error) => {
    if (endedSession(error)) return undefined
    if (error instanceof ApiError && error.code === STAFF_VERSION_CONFLICT) return { kind: 'conflict' }
    return { kind: 'failed', text: failureText(error, t('staff.site.failed')) }
  }
}

export function SaveStatus({ outcome, onReload }: { outcome: SaveOutcome; onReload: () => void }) {
  const t = useStaffT()
  if (!outcome) return null
  if (outcome.kind === 'saved')
    return (
      <p role="status" className="staff-banner staff-banner-ok">
        {t('staff.site.saved')}
      </p>
    )
  if (outcome.kind === 'failed')
    return (
      <p role="alert" className="staff-banner staff-banner-error">
        {outcome.text}
      </p>
    )
  return (
    <div role="alert" className="staff-banner staff-banner-warning">
      <p>{t('staff.site.conflict')}</p>
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={onReload}>
          {t('staff.site.reload')}
        </button>
      </div>
    </div>
  )
}

/** A save in flight and its outcome: run(save) marks it saving, then saved, or failed as useSaveFailure tells. */
export function useSaveRun() {
  const toOutcome = useSaveFailure()
  const [saving, setSaving] = useState(false)
  const [outcome, setOutcome] = useState<SaveOutcome>()
  const run = async (save: () => Promise<void>) => {
    setSaving(true)
    try {
      await save()
      setOutcome({ kind: 'saved' })
    } catch (failure) {
      setOutcome(toOutcome(failure))
    } finally {
      setSaving(false)
    }
  }
  return { saving, outcome, setOutcome, run }
}
