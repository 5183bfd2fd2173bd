import { LocalLink } from './local-link'

export interface SideNavItem {
  key: string
  to: string
  label: string
}

/** A section's side menu (the personal centre, about us): its title, then its pages with the current one marked. */
export function SideNav({
  kind,
  title,
  items,
  current,
}: {
  kind: 'account' | 'about'
  title: string
  items: SideNavItem[]
  current: string
}) {
  return (
    <nav className={`${kind}-nav`} aria-label={title}>
      <p className={`${kind}-nav-title`}>{title}</p>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <LocalLink
              to={item.to}
              className={item.key === current ? 'is-active' : undefined}
              aria-current={item.key === current ? 'page' : undefined}
            >
              {item.label}
            </LocalLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
