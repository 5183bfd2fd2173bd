import type { ReactNode } from 'react'
import { LocalLink } from '../../../components/local-link'

/** A home page section under its heading, with a link to the whole list when there is one. */
export function HomeSection({
  id,
  title,
  more,
  className,
  children,
}: {
  id: string
  title: string
  more?: { to: string; label: string }
  className?: string
  children: ReactNode
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        {more && <LocalLink to={more.to}>{more.label} →</LocalLink>}
      </div>
      {children}
    </section>
  )
}
