import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react'
import { useT } from '../lib/use-t'
import './sign-in-card.css'

interface Props {
  /** What is being signed in to (the staff console, operations) */
  title: string
  /** One sentence under the title */
  lead?: string
  /** A refusal of the whole form (bad credentials, locked, session ended), announced as it appears */
  error?: string
  /** 'warning' for a state the user cannot fix by retyping (locked, session ended) */
  errorTone?: 'error' | 'warning'
  submitLabel: string
  pendingLabel: string
  pending: boolean
  onSubmit: () => void
  /** Under the button (a note on where the credentials come from) */
  footer?: ReactNode
  /** The fields (FormField with inputs) */
  children: ReactNode
  /**
   * False while a server-rendered form waits for its script: the fields and
   * the button are disabled, so nothing typed before hydration is lost to
   * the form's state.
   */
  ready?: boolean
  /** The visitor starts on the form (a field takes the focus, or the form is sent): time to fetch what comes after it */
  onEngage?: () => void
}

/**
 * The product's one sign-in screen for its back offices (the staff console,
 * operations): a centred card on the grey panel, labels above the fields,
 * the refusal above them, one obvious button disabled while pending.
 */
export function SignInCard({
  title,
  lead,
  error,
  errorTone = 'error',
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  footer,
  children,
  ready = true,
  onEngage,
}: Props) {
  const t = useT()
  const titleId = useId()
  const alertRef = useRef<HTMLDivElement>(null)
  // A refusal takes the focus, so a keyboard or screen-reader user hears it and starts over from it.
  useEffect(() => {
    if (error) alertRef.current?.focus()
  }, [error])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onEngage?.()
    if (!pending) onSubmit()
  }
  return (
    <div className="sign-in-page">
      <form className="sign-in-card" noValidate aria-labelledby={titleId} onSubmit={submit} onFocus={onEngage}>
        <p className="sign-in-brand">{t('site.name')}</p>
        <h1 id={titleId} className="sign-in-title">
          {title}
        </h1>
        {lead && <p className="sign-in-lead">{lead}</p>}
        {error && (
          <div ref={alertRef} tabIndex={-1} role="alert" className={`sign-in-alert sign-in-alert-${errorTone}`}>
            {error}
          </div>
        )}
        <fieldset className="sign-in-fields" disabled={!ready}>
          {children}
          <button
            type="submit"
            className="button button-primary button-block button-large"
            disabled={pending}
            aria-busy={pending || undefined}
          >
            {pending ? pendingLabel : submitLabel}
          </button>
        </fieldset>
        {footer && <div className="sign-in-footer">{footer}</div>}
      </form>
    </div>
  )
}
