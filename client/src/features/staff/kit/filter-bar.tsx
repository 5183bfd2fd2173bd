import type { ReactNode } from 'react'
import type { StaffMessageId } from '../messages'
import { DateFilter, FilterSelect, SearchBox } from './list-controls'
import { useStaffT } from './use-staff-t'

// A list's filters declared once, beside the checks of its address
// (ListSpec.bar): the words, the kind of control and its choices. The bar
// draws them in order; a filter whose choices come from a call (a
// dictionary) is drawn by the list itself, after them.

interface Field<K extends string> {
  /** The filter in the address and the call */
  key: K
  label: StaffMessageId
}

export type FilterField<K extends string> =
  | (Field<K> & { kind: 'search' | 'day' })
  | (Field<K> & { kind: 'choice'; choices: readonly string[]; choiceLabel: (value: string) => StaffMessageId })

/** A filter of fixed choices, each named by its message ('active' → staff.customers.status.active). */
export const choice = <K extends string>(
  key: K,
  label: StaffMessageId,
  choices: readonly string[],
  choiceLabel: (value: string) => StaffMessageId,
): FilterField<K> => ({ key, kind: 'choice', label, choices, choiceLabel })

export interface FilterBarSpec<K extends string> {
  /** The name of the bar (a search landmark) */
  label: StaffMessageId
  fields: readonly FilterField<K>[]
}

interface FilterBarProps<K extends string> {
  bar: FilterBarSpec<K>
  /** The filters in the address */
  values: Partial<Record<K, unknown>>
  /** A filter changed: the list's next state (page 1) */
  onChange: (key: K, value: string | undefined) => void
  /** Filters of choices the list reads from a call */
  children?: ReactNode
}

/** A list's filter bar, from its declaration: words to look for, choices and days, each applied at once. */
export function FilterBar<K extends string>({ bar, values, onChange, children }: FilterBarProps<K>) {
  const t = useStaffT()
  return (
    <div className="staff-filters" role="search" aria-label={t(bar.label)}>
      {bar.fields.map((field) => {
        const value = values[field.key] === undefined ? undefined : String(values[field.key])
        const set = (next: string | undefined) => onChange(field.key, next)
        const label = t(field.label)
        if (field.kind !== 'choice')
          return field.kind === 'search' ? (
            <SearchBox key={field.key} label={label} value={value} onSearch={set} />
          ) : (
            <DateFilter key={field.key} label={label} value={value} onChange={set} />
          )
        return (
          <FilterSelect
            key={field.key}
            label={label}
            value={value}
            options={field.choices.map((choice) => ({ value: choice, label: t(field.choiceLabel(choice)) }))}
            onChange={set}
          />
        )
      })}
      {children}
    </div>
  )
}
