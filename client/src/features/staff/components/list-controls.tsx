import type { KeyboardEvent } from 'react'
import { useStaffT } from './use-staff-t'

// What every console list shares: sortable column headers and arrow keys between rows.

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
