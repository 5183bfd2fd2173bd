import type { ReactNode } from 'react'
import { ConsoleLink } from './list-controls'
import { useStaffT } from './use-staff-t'

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

interface NoAccessProps {
  /** Why: the section's ("…does not include this section"), or a narrower refusal (creating a report) */
  text: string
  /** Where the role works instead, and its name */
  back: { path: string; label: string }
}

/** What a role sees where it has no access, instead of being moved elsewhere without a word. */
export function NoAccess({ text, back }: NoAccessProps) {
  const t = useStaffT()
  return (
    <section className="staff-section" aria-labelledby="staff-no-access-title">
      <SectionHead id="staff-no-access-title" title={t('staff.access.title')} />
      <p role="alert">{text}</p>
      <p>
        <ConsoleLink path={back.path} className="button button-secondary">
          {t('staff.access.back', { section: back.label })}
        </ConsoleLink>
      </p>
    </section>
  )
}
