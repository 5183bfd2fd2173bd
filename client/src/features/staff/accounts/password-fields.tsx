import type { ReactNode } from 'react'
import { TextField } from '../kit/form-fields'
import { useStaffT } from '../kit/use-staff-t'

// What the own-account forms (password, second factor) share: the current
// password that proves it is the member, and the line that says how it went.

export function CurrentPasswordField({
  error,
  value,
  onChange,
}: {
  error: string | undefined
  value: string
  onChange: (value: string) => void
}) {
  const t = useStaffT()
  return (
    <TextField
      label={t('staff.account.currentPassword')}
      type="password"
      autoComplete="current-password"
      required
      error={error}
      value={value}
      onChange={onChange}
    />
  )
}

/** The server's refusal, or what was done (announced either way). */
export function FormOutcome({ failure, done }: { failure: string | undefined; done: string | undefined }) {
  return (
    <>
      {failure && (
        <p role="alert" className="staff-banner staff-banner-error">
          {failure}
        </p>
      )}
      <p role="status" className="staff-meta">
        {done}
      </p>
    </>
  )
}

/** One of the own-account forms: a titled group, checked by the page rather than the browser. */
export function OwnAccountForm({
  id,
  title,
  onSubmit,
  children,
}: {
  id: string
  title: string
  onSubmit: () => void
  children: ReactNode
}) {
  return (
    <form
      className="staff-fieldset"
      aria-labelledby={id}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <h2 id={id}>{title}</h2>
      {children}
    </form>
  )
}
