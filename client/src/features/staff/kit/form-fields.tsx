import { createContext, type InputHTMLAttributes, type ReactNode } from 'react'
import { LANGUAGES, type Language } from '../api/reports'
import { FormField } from '../../../components/form-field'
import { useStaffT } from './use-staff-t'

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

interface SeoFieldsProps {
  title: string
  description: string
  titleError?: string | undefined
  onChange: (field: 'seoTitle' | 'seoDescription', value: string) => void
}

/** The search engines' title and description of a page, as its editors (reports, articles) ask them. */
export function SeoFields({ title, description, titleError, onChange }: SeoFieldsProps) {
  const t = useStaffT()
  return (
    <fieldset className="staff-fieldset">
      <legend>{t('staff.editor.seo')}</legend>
      <TextField
        label={t('staff.field.seoTitle')}
        error={titleError}
        maxLength={200}
        value={title}
        onChange={(next) => onChange('seoTitle', next)}
      />
      <TextField
        label={t('staff.field.seoDescription')}
        rows={3}
        maxLength={500}
        value={description}
        onChange={(next) => onChange('seoDescription', next)}
      />
    </fieldset>
  )
}

interface LanguageFieldProps {
  label: string
  hint?: string | undefined
  required?: boolean
  value: Language
  disabled?: boolean
  onChange: (language: Language) => void
}

/** The choice of a language (zh-CN, en-US). */
export function LanguageField({ label, hint, required, value, disabled, onChange }: LanguageFieldProps) {
  const t = useStaffT()
  return (
    <FormField label={label} hint={hint} required={required}>
      {(control) => (
        <select {...control} className="select" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as Language)}>
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`staff.language.${language}`)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  )
}

/** Set inside a form the role may read but not change: the rich texts and uploads under it are not offered. */
export const ReadOnlyContext = createContext(false)

/** A form's fields, disabled all at once (a fieldset) for a role that may read but not change them. */
export function ReadOnlyFields({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  if (!readOnly) return children
  return (
    <ReadOnlyContext.Provider value={true}>
      <fieldset className="staff-read-only" disabled>
        {children}
      </fieldset>
    </ReadOnlyContext.Provider>
  )
}
