import { useCallback, useEffect, useRef, useState } from 'react'
import { useSWRConfig, type Key } from 'swr'
import { showToast } from '../../../lib/toast'
import { STAFF_VERSION_CONFLICT } from '../../../lib/staff-api-client'
import { draftKey, dropDraft, keepDraft, readDraft, type Draft } from '../kit/draft-store'
import { useLeaveGuard } from '../kit/leave-guard'
import { failureText, useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'

// What the report and article editors share: the form against the stored
// record, saving with the version it was read at, the conflict and failure
// states, and the safety net (a draft kept in this browser, a question before
// leaving, Ctrl/Cmd+S).

/** How long typing pauses before the draft is kept. */
const DRAFT_PAUSE_MS = 800

interface Versioned {
  version: number
}

export interface ContentEditorOptions<R extends Versioned, F, E> {
  initial: R | undefined
  /** The record's name among this staff member's drafts: 'reports:R2026…', 'news:new' */
  recordKey: string
  formOf: (record: R | undefined) => F
  /** The record's SWR key, refreshed with each answer */
  cacheKey: (record: R) => Key
  read: (record: R) => Promise<R>
  /** The form checked: its errors, and the call that saves it when there are none */
  check: (form: F) => { errors: E; write?: (stored: R | undefined, version: number | undefined) => Promise<R> }
  /** The console path of a record just created */
  pathOf: (saved: R) => string
  /** The form has errors: e.g. show the tab that holds the first */
  onInvalid?: (errors: E) => void
}

export function useContentEditor<R extends Versioned, F, E>(options: ContentEditorOptions<R, F, E>) {
  const { initial, recordKey, formOf, cacheKey, read, check, pathOf, onInvalid } = options
  const t = useStaffT()
  const { navigate, endedSession, staff } = useStaff()
  const { mutate } = useSWRConfig()
  const [record, setRecord] = useState(initial)
  const [form, setFormState] = useState<F>(() => formOf(initial))
  const [dirty, setDirtyState] = useState(false)
  const [errors, setErrors] = useState<E>({} as E)
  const [failure, setFailure] = useState<string>()
  const [conflict, setConflict] = useState(false)
  const [saving, setSaving] = useState(false)
  // A draft restored from an older version saves against that version, so the server reports the conflict.
  const [draftBase, setDraftBase] = useState<number | null>(null)
  const conflictRef = useRef<HTMLDivElement>(null)
  // Read when leaving, which may come before the next render.
  const dirtyRef = useRef(false)
  const key = draftKey(staff.name, recordKey)
  const [offer, setOffer] = useState<Draft<F> | null>(() => {
    const draft = readDraft<F>(key)
    if (draft && JSON.stringify(draft.form) === JSON.stringify(formOf(initial))) {
      dropDraft(key)
      return null
    }
    return draft
  })

  const setDirty = (value: boolean) => {
    dirtyRef.current = value
    setDirtyState(value)
  }
  useLeaveGuard(() => dirtyRef.current, t('staff.editor.leave'))

  useEffect(() => {
    if (conflict) conflictRef.current?.focus()
  }, [conflict])

  // Keep the draft a moment after typing stops.
  useEffect(() => {
    if (!dirty) return
    const timer = setTimeout(
      () => keepDraft(key, { form, baseVersion: draftBase ?? record?.version ?? null, keptAt: Date.now() }),
      DRAFT_PAUSE_MS,
    )
    return () => clearTimeout(timer)
  }, [dirty, form, key, draftBase, record?.version])

  const setForm = (next: F | ((current: F) => F)) => {
    setFormState(next)
    setDirty(true)
  }

  /** A newer record from the server: the form shows it as saved (unless edits are being typed). */
  const accept = (next: R, resetForm: boolean) => {
    setRecord(next)
    void mutate(cacheKey(next), next, { revalidate: false })
    if (resetForm) {
      setFormState(formOf(next))
      setDirty(false)
      setDraftBase(null)
      dropDraft(key)
    }
  }
  const refused = (error: unknown) => {
    if (endedSession(error)) return
    if ((error as { code?: number }).code === STAFF_VERSION_CONFLICT) return setConflict(true)
    setFailure(failureText(error, t('staff.editor.failed')))
  }

  const save = async () => {
    if (saving) return
    const { errors: found, write } = check(form)
    setErrors(found)
    setFailure(undefined)
    if (!write) {
      onInvalid?.(found)
      return setFailure(t('staff.editor.fix'))
    }
    setSaving(true)
    try {
      const saved = await write(record, draftBase ?? record?.version)
      accept(saved, true)
      setOffer(null)
      showToast(t('staff.editor.saved'), 'success')
      if (!record) navigate(pathOf(saved), { replace: true })
    } catch (error) {
      refused(error)
    } finally {
      setSaving(false)
    }
  }
  const saveRef = useRef(save)
  useEffect(() => {
    saveRef.current = save
  })

  // Ctrl/Cmd+S saves, as in every editor; the browser's "save page" would only save the HTML.
  const onKey = useCallback((event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
      event.preventDefault()
      void saveRef.current()
    }
  }, [])
  useEffect(() => {
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onKey])

  /** Someone saved first: show theirs, dropping these edits. */
  const reload = async () => {
    if (!record) return
    try {
      accept(await read(record), true)
      setConflict(false)
      setErrors({} as E)
      setFailure(undefined)
    } catch (error) {
      refused(error)
    }
  }

  /** An upload is a save too: read the new version, keep what is being typed. */
  const afterUpload = async () => {
    if (!record) return
    try {
      accept(await read(record), !dirtyRef.current)
    } catch (error) {
      refused(error)
    }
  }

  const draft = offer && {
    keptAt: offer.keptAt,
    /** The record was saved again after the draft was kept */
    stale: record !== undefined && offer.baseVersion !== record.version,
    restore: () => {
      setFormState(offer.form)
      setDirty(true)
      if (record && offer.baseVersion !== null && offer.baseVersion !== record.version) setDraftBase(offer.baseVersion)
      setOffer(null)
    },
    discard: () => {
      dropDraft(key)
      setOffer(null)
    },
  }

  return {
    record,
    form,
    setForm,
    dirty,
    errors,
    failure,
    saving,
    save,
    reload,
    afterUpload,
    accept,
    refused,
    draft,
    conflict,
    conflictRef,
    showConflict: () => setConflict(true),
    hideConflict: () => setConflict(false),
  }
}
