// An editor's unsaved form, kept in this browser while it is typed, so a
// reload, a crash or an ended session does not lose it. Keyed by the staff
// member and the record, and dropped once saved or discarded. The server
// keeps only what Save sends: a draft here publishes nothing.

export interface Draft<F> {
  form: F
  /** The stored version the form was edited from: a save of it conflicts if the record moved on */
  baseVersion: number | null
  /** When it was kept (ms since the epoch) */
  keptAt: number
}

const PREFIX = 'rpt-staff-draft:'

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // Storage refused (private mode, policy): editing works, without the safety net.
    return null
  }
}

export const draftKey = (staff: string, record: string) => `${PREFIX}${staff}:${record}`

export function readDraft<F>(key: string): Draft<F> | null {
  const raw = storage()?.getItem(key)
  if (!raw) return null
  try {
    const draft = JSON.parse(raw) as Draft<F>
    return draft && typeof draft === 'object' && 'form' in draft && typeof draft.keptAt === 'number' ? draft : null
  } catch {
    return null
  }
}

export function keepDraft<F>(key: string, draft: Draft<F>) {
  try {
    storage()?.setItem(key, JSON.stringify(draft))
  } catch {
    // Full or refused: the beforeunload question still guards the work.
  }
}

export const dropDraft = (key: string) => storage()?.removeItem(key)
