import type { ReactNode } from 'react'

/** A console section's heading id, from its words ('staff.orders' → 'staff-orders-title'). */
export const titleIdOf = (words: string) => `${words.replaceAll('.', '-')}-title`

/** A console section's title (focused on arrival: tabIndex -1) with what it offers beside it. */
export function SectionHead({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="staff-title-row">
      <h1 id={id} className="staff-title" tabIndex={-1}>
        {title}
      </h1>
      {children}
    </div>
  )
}
