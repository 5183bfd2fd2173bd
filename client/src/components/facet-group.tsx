import { useId } from 'react'
import { DictIcon } from './dict-icon'
import { NavAnchor } from './nav-anchor'

export interface FacetOption {
  value: string
  label: string
  count?: number
  href: string
  /** A dictionary entry's icon (iconfont classes), drawn before the label */
  icon?: string | null
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
              <span className="facet-label">
                <DictIcon icon={option.icon} className="facet-icon" />
                {option.label}
              </span>
              {option.count !== undefined && <span className="facet-count">{option.count}</span>}
            </NavAnchor>
          </li>
        ))}
      </ul>
    </section>
  )
}
