import type { ReactNode } from 'react'
import { ConsoleLink } from './list-controls'
import { failureText } from './staff-context'
import { useStaffT } from './use-staff-t'

interface DeskPageProps<T> {
  /** The heading's id, for the section's name */
  titleId: string
  /** The list it was opened from, and the words of the way back */
  back: { path: string; label: string }
  /** The record, once it is here */
  data: T | undefined
  error: unknown
  /** Said when the record could not be loaded and the server said nothing better */
  notFound: string
  title: (data: T) => string
  children: (data: T) => ReactNode
}

/** A record's page of the staff desk (a request, an order, a customer): the way back, its title, then the page. */
export function DeskPage<T>({ titleId, back, data, error, notFound, title, children }: DeskPageProps<T>) {
  const t = useStaffT()
  if (error && !data)
    return (
      <p role="alert" className="staff-error">
        {failureText(error, notFound)}
      </p>
    )
  if (!data) return <p className="staff-loading">{t('staff.loading')}</p>
  return (
    <section className="staff-section" aria-labelledby={titleId}>
      <p>
        <ConsoleLink path={back.path} className="staff-link">
          {back.label}
        </ConsoleLink>
      </p>
      <h1 id={titleId} className="staff-title" tabIndex={-1}>
        {title(data)}
      </h1>
      {children(data)}
    </section>
  )
}
