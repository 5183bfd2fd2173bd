import type { ReactNode } from 'react'
import { ConsoleLink } from './list-controls'
import { failureText } from './staff-context'
import { useStaffT } from './use-staff-t'

/** A desk's words in messages/: `<words>.title` names its list, `.back` leads there, `.notFound` says a record is not. */
type DeskWords = 'staff.orders' | 'staff.requests' | 'staff.customers'

interface DeskPageProps<T> {
  words: DeskWords
  /** The list it was opened from */
  back: string
  /** The record's call (an SWR answer) */
  result: { data?: T | undefined; error?: unknown }
  title: (data: T) => string
  children: (data: T) => ReactNode
}

/** A record's page of the staff desk (a request, an order): the way back, its title, then the page. */
export function DeskPage<T>({ words, back, result, title, children }: DeskPageProps<T>) {
  const t = useStaffT()
  const { data, error } = result
  const titleId = `${words.replaceAll('.', '-')}-page-title`
  if (error && !data)
    return (
      <p role="alert" className="staff-error">
        {failureText(error, t(`${words}.notFound`))}
      </p>
    )
  if (!data) return <p className="staff-loading">{t('staff.loading')}</p>
  return (
    <section className="staff-section" aria-labelledby={titleId}>
      <p>
        <ConsoleLink path={back} className="staff-link">
          {t(`${words}.back`)}
        </ConsoleLink>
      </p>
      <h1 id={titleId} className="staff-title" tabIndex={-1}>
        {title(data)}
      </h1>
      {children(data)}
    </section>
  )
}
