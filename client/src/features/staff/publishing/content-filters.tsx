import { STATUSES, type ContentStatus } from '../api/reports'
import { choice, type FilterField } from '../kit/filter-bar'
import { FilterSelect } from '../kit/list-controls'

// What the reports' and the articles' filter bars share: the status choice,
// and the category, whose choices come from the dictionary call.

export const statusFilter: FilterField<'status'> = choice(
  'status',
  'staff.list.status',
  STATUSES,
  (status) => `staff.status.${status as ContentStatus}`,
)

interface CategoryFilterProps {
  label: string
  value: string | undefined
  categories: readonly { dictValue: string; dictLabel: string }[] | undefined
  onChange: (category: string | undefined) => void
}

/** The category filter, drawn after the declared bar once the dictionary has answered. */
export function CategoryFilter({ label, value, categories, onChange }: CategoryFilterProps) {
  return (
    <FilterSelect
      label={label}
      value={value}
      options={(categories ?? []).map((item) => ({ value: item.dictValue, label: item.dictLabel }))}
      onChange={onChange}
    />
  )
}
