import { useId } from 'react'
import { NavAnchor } from './nav-anchor'

export interface FacetOption {
  value: string
  label: string
  count?: number
  href: string
}

interface Props {
  title: string
  allLabel: string
  allHref: string
  options: FacetOption[]
  selected: string | undefined
  onNavigate: (href: string) => void
}

export function FacetGroup({ title, allLabel, allHref, options, selected, onNavigate }: Props) {
  const headingId = useId()
  return (
    <section className="facet" aria-labelledby={headingId}>
      <h3 id={headingId} className="facet-title">
        {title}
      </h3>
      <ul className="facet-list">
        <li>
          <NavAnchor
            href={allHref}
            className={`facet-link${!selected ? ' is-active' : ''}`}
            aria-current={!selected ? 'true' : undefined}
            onNavigate={onNavigate}
          >
            <span>{allLabel}</span>
          </NavAnchor>
        </li>
        {options.map((option) => (
          <li key={option.value}>
            <NavAnchor
              href={option.href}
              className={`facet-link${selected === option.value ? ' is-active' : ''}`}
              aria-current={selected === option.value ? 'true' : undefined}
              onNavigate={onNavigate}
            >
              <span>{option.label}</span>
              {option.count !== undefined && <span className="facet-count">{option.count}</span>}
            </NavAnchor>
          </li>
        ))}
      </ul>
    </section>
  )
}
