import type { InputHTMLAttributes } from 'react'
import { FormField } from '../../../components/form-field'

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'value' | 'onChange' | 'required'>

interface TextFieldProps extends InputAttributes {
  label: string
  hint?: string | undefined
  error?: string | undefined
  /** Marked as required; the form checks it (forms here are noValidate) */
  required?: boolean | undefined
  value: string
  onChange: (value: string) => void
  /** Several lines: a textarea of that many rows */
  rows?: number
}

/** A labelled text box of the console's forms, with its hint or its error. */
export function TextField({ label, hint, error, required, value, onChange, rows, ...attributes }: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} required={required}>
      {(control) =>
        rows ? (
          <textarea
            {...control}
            className="textarea"
            rows={rows}
            maxLength={attributes.maxLength}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <input {...control} {...attributes} className="input" value={value} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </FormField>
  )
}
