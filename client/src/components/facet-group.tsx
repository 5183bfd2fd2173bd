import { useId, type MouseEvent } from 'react'

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
  const go = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    onNavigate(href)
  }
  return (
    <section className="facet" aria-labelledby={headingId}>
      <h3 id={headingId} className="facet-title">
        {title}
      </h3>
      <ul className="facet-list">
        <li>
          <a
            href={allHref}
            className={`facet-link${!selected ? ' is-active' : ''}`}
            aria-current={!selected ? 'true' : undefined}
            onClick={(e) => go(e, allHref)}
          >
            <span>{allLabel}</span>
          </a>
        </li>
        {options.map((option) => (
          <li key={option.value}>
            <a
              href={option.href}
              className={`facet-link${selected === option.value ? ' is-active' : ''}`}
              aria-current={selected === option.value ? 'true' : undefined}
              onClick={(e) => go(e, option.href)}
            >
              <span>{option.label}</span>
              {option.count !== undefined && <span className="facet-count">{option.count}</span>}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
