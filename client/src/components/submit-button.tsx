import { useT } from '../lib/use-t'

interface Props {
  /** True while the form is sending: the button is disabled and says so. */
  pending: boolean
  label: string
  /** What the button says while sending; "Submitting…" unless told. */
  pendingLabel?: string
  /** The modals' and account pages' full-width button unless told. */
  className?: string
}

/** A form's submit button, disabled while what it sent is on its way. */
export function SubmitButton({ pending, label, pendingLabel, className = 'button button-primary button-block button-large' }: Props) {
  const t = useT()
  return (
    <button type="submit" className={className} disabled={pending}>
      {pending ? (pendingLabel ?? t('common.submitting')) : label}
    </button>
  )
}
