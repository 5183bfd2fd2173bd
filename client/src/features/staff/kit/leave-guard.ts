import { useEffect, useRef } from 'react'

// Unsaved work is not left by accident: closing or reloading the tab asks the
// browser's own question, and the console's links ask before they move on.
// An editor registers what it would lose; the question is read at the moment
// of leaving, so a save just made is not asked about.

const guards = new Set<() => string | null>()

/** The question to ask before leaving, or null when nothing would be lost. */
export function leaveQuestion(): string | null {
  for (const guard of guards) {
    const question = guard()
    if (question) return question
  }
  return null
}

/** Whether the console may move on: true when nothing would be lost or the person agrees to lose it. */
export const mayLeave = (): boolean => {
  const question = leaveQuestion()
  return question === null || window.confirm(question)
}

/** While `isUnsaved()` holds, leaving this screen asks `question` first. */
export function useLeaveGuard(isUnsaved: () => boolean, question: string) {
  const current = useRef({ isUnsaved, question })
  useEffect(() => {
    current.current = { isUnsaved, question }
  })
  useEffect(() => {
    const guard = () => (current.current.isUnsaved() ? current.current.question : null)
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!guard()) return
      event.preventDefault()
      // Older browsers show their dialog only when returnValue is set.
      event.returnValue = ''
    }
    guards.add(guard)
    window.addEventListener('beforeunload', beforeUnload)
    return () => {
      guards.delete(guard)
      window.removeEventListener('beforeunload', beforeUnload)
    }
  }, [])
}
