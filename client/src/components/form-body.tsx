import type { ReactNode } from 'react'
import { useHydrated } from '../lib/use-hydrated'

/**
 * A form's fields and buttons, disabled until the page has hydrated: the
 * server renders the form with the page, and a visitor quicker than its
 * script would otherwise type into fields React then empties, or send the
 * form natively. One fieldset, so every control waits at once.
 */
export function FormBody({ children }: { children: ReactNode }) {
  const hydrated = useHydrated()
  return (
    <fieldset className="form-body" disabled={!hydrated}>
      {children}
    </fieldset>
  )
}
