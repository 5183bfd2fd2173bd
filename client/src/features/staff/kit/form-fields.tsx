import { createContext, useId, type InputHTMLAttributes, type ReactNode } from 'react'
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
  /** The record's language: how much of a title a search result shows depends on its script */
  language: Language
  /** What the page is titled and described with when these are left empty */
  fallback: { title: string; description: string }
  /** The page's public address, once it has a slug */
  address: string | undefined
}

// Search results show about 60 Latin characters of a title and 160 of a
// description; a Chinese character takes about two of those places.
const SHOWN = { title: 60, description: 160 } as const
const placesOf = (text: string) =>
  Array.from(text).reduce((sum, char) => sum + (/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(char) ? 2 : 1), 0)

/** The text cut where a search result would cut it. */
function shown(text: string, places: number): string {
  let used = 0
  let out = ''
  for (const char of Array.from(text)) {
    used += placesOf(char)
    if (used > places) return `${out.trimEnd()}…`
    out += char
  }
  return out
}

/** How much of the text a search result shows: the count, and a warning past it. */
function Fit({ text, kind, language }: { text: string; kind: keyof typeof SHOWN; language: Language }) {
  const t = useStaffT()
  const max = language === 'zh-CN' ? SHOWN[kind] / 2 : SHOWN[kind]
  const over = placesOf(text) > SHOWN[kind]
  return (
    <span className={over ? 'staff-seo-count staff-seo-over' : 'staff-seo-count'} aria-live="polite">
      {t(over ? 'staff.seo.over' : 'staff.seo.count', { count: Array.from(text).length, max })}
    </span>
  )
}

/** The search engines' title and description of a page, with their fit and the result they make. */
export function SeoFields({ title, description, titleError, onChange, language, fallback, address }: SeoFieldsProps) {
  const t = useStaffT()
  const captionId = useId()
  const shownTitle = title.trim() || fallback.title
  const shownDescription = description.trim() || fallback.description
  return (
    <fieldset className="staff-fieldset">
      <legend>{t('staff.editor.seo')}</legend>
      <TextField
        label={t('staff.field.seoTitle')}
        hint={t('staff.seo.titleHint')}
        error={titleError}
        maxLength={200}
        value={title}
        onChange={(next) => onChange('seoTitle', next)}
      />
      <Fit text={shownTitle} kind="title" language={language} />
      <TextField
        label={t('staff.field.seoDescription')}
        hint={t('staff.seo.descriptionHint')}
        rows={3}
        maxLength={500}
        value={description}
        onChange={(next) => onChange('seoDescription', next)}
      />
      <Fit text={shownDescription} kind="description" language={language} />
      <figure className="staff-serp" lang={language} aria-labelledby={captionId}>
        <figcaption id={captionId} className="field-label">
          {t('staff.seo.preview')}
        </figcaption>
        <p className="staff-serp-address">{address ?? t('staff.seo.noAddress')}</p>
        <p className="staff-serp-title">{shown(shownTitle, SHOWN.title)}</p>
        <p className="staff-serp-description">{shown(shownDescription, SHOWN.description)}</p>
      </figure>
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
