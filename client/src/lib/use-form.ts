import { useCallback, useRef, useState, type FormEvent } from 'react'
import type { MessageId } from './intl'

type Validator<V> = (values: V) => Partial<Record<keyof V, MessageId>>

/**
 * Form state with the spec's rule: errors show beside the field before
 * anything is sent. A field is checked on blur once touched, and all fields
 * on submit; after a failed submit, errors update as the user types.
 */
export function useForm<V extends { [K in keyof V]: string }>(initial: V, validate: Validator<V>) {
  const [values, setValues] = useState<V>(initial)
  const [errors, setErrors] = useState<Partial<Record<keyof V, MessageId>>>({})
  const submitted = useRef(false)
  const ref = useRef<HTMLFormElement>(null)
  const validateRef = useRef(validate)
  validateRef.current = validate

  const setField = useCallback((name: keyof V, value: string) => {
    setValues((prev) => {
      const next = { ...prev, [name]: value }
      if (submitted.current) setErrors(validateRef.current(next))
      return next
    })
  }, [])

  const blurField = useCallback((name: keyof V) => {
    setValues((current) => {
      const all = validateRef.current(current)
      setErrors((prev) => {
        const next = { ...prev }
        if (all[name] && current[name] !== '') next[name] = all[name]
        else if (!all[name]) delete next[name]
        return next
      })
      return current
    })
  }, [])

  /** Validates everything; returns the values when valid, else focuses the first invalid field. */
  const check = useCallback(
    (form?: HTMLFormElement | null): V | null => {
      submitted.current = true
      const found = validateRef.current(values)
      setErrors(found)
      const first = Object.keys(found).find((key) => found[key as keyof V])
      if (first) {
        const el = form?.querySelector<HTMLElement>(`[name="${first}"]`)
        el?.focus()
        return null
      }
      return values
    },
    [values],
  )

  /** Empties a field without flagging it (e.g. a spent verification code). */
  const clearField = useCallback((name: keyof V) => {
    setValues((prev) => ({ ...prev, [name]: '' }))
    setErrors((prev) => {
      const next = { ...prev }
      delete next[name]
      return next
    })
  }, [])

  const reset = useCallback((next: V) => {
    submitted.current = false
    setValues(next)
    setErrors({})
  }, [])

  /**
   * The forms' one submit handler: a submit while one is `pending` does
   * nothing, invalid values focus the first invalid field, valid ones go to
   * `send`. The api client has already shown a failed send's message, so the
   * failure goes no further than `onFailed` (to reset what it spent, such as
   * a single-use code); the form keeps what was typed.
   */
  const onSubmit = (pending: boolean, send: (values: V) => Promise<unknown>, onFailed?: () => void) => (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    const valid = check(ref.current)
    if (valid) send(valid).catch(() => onFailed?.())
  }

  /** The props binding a TextInput to one field. */
  const field = (name: keyof V & string) => ({ name, value: values[name], error: errors[name], onValue: setField, onBlurField: blurField })

  return { ref, values, errors, setField, blurField, clearField, check, reset, setValues, setErrors, onSubmit, field }
}
