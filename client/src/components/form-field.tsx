import { useId, type ReactNode } from 'react'

/** What ties a control to its label, hint and error. */
export interface FieldControl {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

interface Props {
  label: string
  error?: string
  required?: boolean
  hint?: string
  className?: string
  /** Renders the control with the attributes it must carry (spread them on it). */
  children: (control: FieldControl) => ReactNode
}

/** Label above, error beside the field, wired with aria-invalid/aria-describedby. */
export function FormField({ label, error, required, hint, className = '', children }: Props) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={`field${error ? ' has-error' : ''} ${className}`}>
      <label className="field-label" htmlFor={id}>
        {label}
        {required && (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
