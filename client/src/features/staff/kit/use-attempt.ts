import { useState } from 'react'
import { failureText } from './staff-context'

/** A desk action in flight: pending while it runs, then the server's words (or the fallback) if it failed. */
export function useAttempt(fallback: string) {
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string>()
  const attempt = async (action: () => Promise<void>, onFailure?: (error: unknown) => void) => {
    setPending(true)
    setFailure(undefined)
    try {
      await action()
    } catch (error) {
      onFailure?.(error)
      setFailure(failureText(error, fallback))
    } finally {
      setPending(false)
    }
  }
  return { pending, failure, attempt }
}
