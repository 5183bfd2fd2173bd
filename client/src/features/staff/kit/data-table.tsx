import { Fragment, type ReactNode } from 'react'
import { moveBetweenRows } from './list-controls'

export interface Column<T> {
  label: string
  /** The label for screen readers only (a column of buttons) */
  hideLabel?: boolean
  /** Sortable: the header's sort button (useAddressList's sortable) */
  sort?: (label: string) => ReactNode
  /** A header cell's own control instead of its label (a box selecting every row) */
  head?: ReactNode
  /** staff-num for numbers and times, staff-mono for codes, staff-clip for long texts */
  className?: string
  cell: (item: T, index: number) => ReactNode
}

interface DataTableProps<T> {
  caption: string
  columns: readonly Column<T>[]
  rows: readonly T[]
  rowKey: (item: T) => string
  /** The text of an empty table (none while it loads) */
  empty?: string | undefined
  busy?: boolean
  /** The row being edited */
  current?: (item: T) => boolean
  /** Arrow keys move between the rows' links (lists whose rows open a page) */
  rowLinks?: boolean
}

/** The console's tables: a header of column labels (some sortable), a row per item, a line when there is none. */
export function DataTable<T>({ caption, columns, rows, rowKey, empty, busy, current, rowLinks }: DataTableProps<T>) {
  return (
    <div className="staff-table-wrap">
      <table className="staff-table" aria-busy={busy || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <Fragment key={column.label}>
                {column.sort ? (
                  column.sort(column.label)
                ) : (
                  <th scope="col">
                    {column.head ?? (column.hideLabel ? <span className="visually-hidden">{column.label}</span> : column.label)}
                  </th>
                )}
              </Fragment>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((item, index) => (
            <tr key={rowKey(item)} onKeyDown={rowLinks ? moveBetweenRows : undefined} aria-current={current?.(item) ? 'true' : undefined}>
              {columns.map((column) => (
                <td key={column.label} className={column.className}>
                  {column.cell(item, index)}
                </td>
              ))}
            </tr>
          ))}
          {rows.length === 0 && empty && (
            <tr>
              <td colSpan={columns.length} className="staff-empty">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}

/** A column of one button a row (edit, copy): its header and the button say what it does; a screen reader hears which row. */
export function buttonColumn<T>(label: string, nameFor: (item: T) => string, onClick: (item: T) => void): Column<T> {
  return {
    label,
    hideLabel: true,
    cell: (item) => (
      <button type="button" className="button button-secondary" aria-label={nameFor(item)} onClick={() => onClick(item)}>
        {label}
      </button>
    ),
  }
}
