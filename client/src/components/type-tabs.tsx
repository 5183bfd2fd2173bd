import type { ReactNode } from 'react'
import { NavAnchor } from './nav-anchor'

export interface TypeTab {
  key: string
  label: ReactNode
  href: string
  active: boolean
}

/** A row of tabs that are links: the list's type (bulletins) or state (orders). */
export function TypeTabs({
  label,
  tabs,
  onNavigate,
  className,
}: {
  label: string
  tabs: TypeTab[]
  onNavigate: (href: string) => void
  className?: string
}) {
  return (
    <nav className={className ? `type-tabs ${className}` : 'type-tabs'} aria-label={label}>
      {tabs.map((tab) => (
        <NavAnchor
          key={tab.key}
          href={tab.href}
          className={`type-tab${tab.active ? ' is-active' : ''}`}
          aria-current={tab.active ? 'page' : undefined}
          onNavigate={onNavigate}
        >
          {tab.label}
        </NavAnchor>
      ))}
    </nav>
  )
}
