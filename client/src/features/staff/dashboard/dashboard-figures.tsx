import type { ReactNode } from 'react'
import { ConsoleLink } from '../kit/list-controls'

// The dashboard's parts: a titled panel, and figures that each open the list
// counting the same rows (its filter as that list's address).

/** A console path with a figure's filter as its query ('/staff/requests' + {status: 'new'}). */
export const listPath = (path: string, filter: object) => {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== null) query.set(key, String(value))
  const written = query.toString()
  return written ? `${path}?${written}` : path
}

export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="staff-fieldset staff-desk-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

export interface Figure {
  label: string
  count: number | string
  /** The list that shows these rows; none where the desk has no list of them */
  path?: string
}

/** A row of figures, each linked to its list where there is one. */
export function Figures({ items }: { items: readonly Figure[] }) {
  return (
    <ul className="staff-figures">
      {items.map((item) => {
        const body = (
          <>
            <span className="staff-figure-count">{item.count}</span> <span className="staff-figure-label">{item.label}</span>
          </>
        )
        return <li key={item.label}>{item.path ? <ConsoleLink path={item.path}>{body}</ConsoleLink> : body}</li>
      })}
    </ul>
  )
}
