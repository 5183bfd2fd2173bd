import { useState, type FormEvent } from 'react'
import type { MessageId } from './intl'

type Validator<V> = (values: V) => Partial<Record<keyof V, MessageId>>
type Errors<V> = Partial<Record<keyof V, MessageId>>

/**
 * Form state with the spec's rule: errors show beside the field before
 * anything is sent. A field is checked on blur once touched, and all fields
 * on submit; after a failed submit, errors update as the user types.
 *
 * Everything it needs lives in state (no refs): the form element to focus in
 * comes from the submit event itself.
 */
export function useForm<V extends { [K in keyof V]: string }>(initial: V, validate: Validator<V>) {
  const [values, setValues] = useState<V>(initial)
  const [errors, setErrors] = useState<Errors<V>>({})
  const [submitted, setSubmitted] = useState(false)

  const setField = (name: keyof V, value: string) => {
    const next = { ...values, [name]: value }
    setValues(next)
    if (submitted) setErrors(validate(next))
  }

  const blurField = (name: keyof V) => {
    const found = validate(values)[name]
    setErrors((prev) => {
      const next = { ...prev }
      if (found && values[name] !== '') next[name] = found
      else if (!found) delete next[name]
      return next
    })
  }

  /** Validates everything; returns the values when valid, else focuses the first invalid field of `form`. */
  const check = (form: HTMLFormElement): V | null => {
    setSubmitted(true)
    const found = validate(values)
    setErrors(found)
    const first = Object.keys(found).find((key) => found[key as keyof V])
    if (!first) return values
    form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
    return null
  }

  /** Empties a field without flagging it (e.g. a spent verification code). */
  const clearField = (name: keyof V) => {
    setValues((prev) => ({ ...prev, [name]: '' }))
    setErrors((prev) => {
      const next = { ...prev }
      delete next[name]
      return next
    })
  }

  const reset = (next: V) => {
    setSubmitted(false)
    setValues(next)
    setErrors({})
  }

  /**
   * The forms' one submit handler: a submit while one is `pending` does
   * nothing, invalid values focus the first invalid field, valid ones go to
   * `send`. The api client has already shown a failed send's message, so the
   * failure goes no further than `onFailed` (to reset what it spent, such as
   * a single-use code); the form keeps what was typed.
   */
  const onSubmit =
    (pending: boolean, send: (values: V) => Promise<unknown>, onFailed?: () => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      if (pending) return
      const valid = check(event.currentTarget)
      if (valid) send(valid).catch(() => onFailed?.())
    }

  /** The props binding a TextInput to one field. */
  const field = (name: keyof V & string) => ({ name, value: values[name], error: errors[name], onValue: setField, onBlurField: blurField })

  /** Several fields at once (linked choices, such as a province and its cities), checked as one change. */
  const setFields = (patch: Partial<V>) => {
    const next = { ...values, ...patch }
    setValues(next)
    if (submitted) setErrors(validate(next))
  }

  return { values, errors, setField, setFields, clearField, reset, onSubmit, field }
}
