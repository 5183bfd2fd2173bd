import type { ChangeEvent, InputHTMLAttributes } from 'react'
import type { MessageId } from '../lib/intl'
import { useT } from '../lib/use-t'
import { FormField } from './form-field'

/** What useForm's `field(name)` gives a TextInput: the field's value, error and setters. */
export type FieldBinding = Pick<Props, 'name' | 'value' | 'error' | 'onValue' | 'onBlurField'>

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'> {
  name: string
  label: string
  value: string
  error?: MessageId
  hint?: string
  required?: boolean
  wide?: boolean
  multiline?: boolean
  // Method syntax on purpose: forms pass setters typed to their own field names.
  onValue(this: void, name: string, value: string): void
  onBlurField?(this: void, name: string): void
}

/** A labelled input (or textarea) bound to useForm, with its error beside it. */
export function TextInput({ name, label, value, error, hint, required, wide, multiline, onValue, onBlurField, ...rest }: Props) {
  const t = useT()
  return (
    <FormField label={label} error={error ? t(error) : undefined} required={required} hint={hint} className={wide ? 'field-wide' : ''}>
      {(control) => {
        const props = {
          ...control,
          name,
          value,
          'aria-required': required || undefined,
          onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onValue(name, e.target.value),
          onBlur: () => onBlurField?.(name),
        }
        return multiline ? <textarea className="textarea" maxLength={2000} {...props} /> : <input className="input" {...props} {...rest} />
      }}
    </FormField>
  )
}
