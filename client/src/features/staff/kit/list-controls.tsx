import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import { isPlainClick, useStaff } from './staff-context'
import { useStaffT } from './use-staff-t'

// What every console list shares: sortable column headers, arrow keys between
// rows, the filters and the links to a row's page.

interface SortHeaderProps<S extends string> {
  sort: S
  label: string
  current: { sort?: S | undefined; order?: 'asc' | 'desc' | undefined }
  onSort: (sort: S) => void
}

/** A column header that sorts by its column; the same one again reverses the order. */
export function SortHeader<S extends string>({ sort, label, current, onSort }: SortHeaderProps<S>) {
  const t = useStaffT()
  const active = current.sort === sort
  return (
    <th scope="col" aria-sort={active ? (current.order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className="staff-sort" onClick={() => onSort(sort)}>
        {label}
        <span aria-hidden="true">{active ? (current.order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
        <span className="visually-hidden">{t('staff.list.sortBy')}</span>
      </button>
    </th>
  )
}

/** Arrow keys move between rows' links; Enter opens the row (its link does). */
export function moveBetweenRows(event: KeyboardEvent<HTMLTableRowElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
  event.preventDefault()
  const row = event.currentTarget
  const next = (event.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling) as HTMLElement | null
  next?.querySelector<HTMLElement>('a')?.focus()
}

interface FilterSelectProps<V extends string> {
  label: string
  value: V | undefined
  options: readonly { value: V; label: string }[]
  /** The value picked, or undefined for "any" */
  onChange: (value: V | undefined) => void
}

/** A list filter of fixed choices, "any" first. */
export function FilterSelect<V extends string>({ label, value, options, onChange }: FilterSelectProps<V>) {
  const t = useStaffT()
  return (
    <label className="staff-filter">
      <span className="field-label">{label}</span>
      <select className="select" value={value ?? ''} onChange={(e) => onChange((e.target.value || undefined) as V | undefined)}>
        <option value="">{t('staff.list.any')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  )
}

/** A list filter of a day (yyyy-mm-dd, as the address keeps it). */
export function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string
  value: string | undefined
  onChange: (day: string | undefined) => void
}) {
  return (
    <label className="staff-filter">
      <span className="field-label">{label}</span>
      <input className="input" type="date" value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)} />
    </label>
  )
}

interface SearchBoxProps {
  label: string
  /** The words in the address */
  value: string | undefined
  onSearch: (words: string | undefined) => void
}

/** The words to look for, sent on Enter or the button. */
export function SearchBox({ label, value, onSearch }: SearchBoxProps) {
  const t = useStaffT()
  const id = useId()
  const [words, setWords] = useState(value ?? '')
  // The box follows the address (Back, a link) without an effect: reset while rendering when the address changed.
  const [shown, setShown] = useState(value)
  if (shown !== value) {
    setShown(value)
    setWords(value ?? '')
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSearch(words.trim() || undefined)
  }
  return (
    <form className="staff-filter-q" onSubmit={submit}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="staff-inline">
        <input id={id} className="input" type="search" value={words} maxLength={100} onChange={(e) => setWords(e.target.value)} />
        <button type="submit" className="button button-secondary">
          {t('staff.list.search')}
        </button>
      </div>
    </form>
  )
}

interface TextFiltersProps<K extends string> {
  label: string
  fields: readonly { key: K; label: string; maxLength: number }[]
  /** The values in the address */
  values: Partial<Record<K, string>>
  onSubmit: (values: Partial<Record<K, string>>) => void
  /** Filters that apply at once (selects, days), after the button */
  children?: ReactNode
}

/** A filter bar of text fields sent together by one button, then filters that apply at once. */
export function TextFilters<K extends string>({ label, fields, values, onSubmit, children }: TextFiltersProps<K>) {
  const t = useStaffT()
  const [draft, setDraft] = useState(values)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next: Partial<Record<K, string>> = {}
    for (const { key } of fields) next[key] = draft[key]?.trim() || undefined
    onSubmit(next)
  }
  return (
    <form className="staff-filters" role="search" aria-label={label} onSubmit={submit}>
      {fields.map((field) => (
        <label key={field.key} className="staff-filter">
          <span className="field-label">{field.label}</span>
          <input
            className="input"
            maxLength={field.maxLength}
            value={draft[field.key] ?? ''}
            onChange={(e) => setDraft({ ...draft, [field.key]: e.target.value })}
          />
        </label>
      ))}
      <button type="submit" className="button button-secondary staff-filter-submit">
        {t('staff.list.search')}
      </button>
      {children}
    </form>
  )
}

interface ConsoleLinkProps {
  path: string
  className?: string
  /** The page shown (a nav link) */
  current?: boolean
  children: ReactNode
}

/** A link inside the console: a plain click moves without reloading, others open as the browser does. */
export function ConsoleLink({ path, className, current, children }: ConsoleLinkProps) {
  const { href, navigate } = useStaff()
  return (
    <a
      className={className}
      href={href(path)}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        if (!isPlainClick(event)) return
        event.preventDefault()
        navigate(path)
      }}
    >
      {children}
    </a>
  )
}

interface ExportLinksProps {
  /** The export's address in a format (the list's filters with it) */
  href: (format: 'csv' | 'xlsx') => string
  csv: string
  xlsx: string
}

/** A list's exports: plain links, so the browser streams the file to disk. */
export function ExportLinks({ href, csv, xlsx }: ExportLinksProps) {
  return (
    <div className="staff-inline">
      {(['csv', 'xlsx'] as const).map((format) => (
        <a key={format} className="button button-secondary" href={href(format)} download>
          {format === 'csv' ? csv : xlsx}
        </a>
      ))}
    </div>
  )
}
