import type { ReactNode } from 'react'
import { LocalLink } from './local-link'

/** A list item's text: its linked title, a line of facts, then its outline in two lines at most. */
export function ItemBody({ to, title, meta, outline }: { to: string; title: string; meta: ReactNode; outline: string }) {
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      <h2 className="item-title">
        <LocalLink to={to}>{title}</LocalLink>
      </h2>
      <p className="meta">{meta}</p>
      <p className="item-outline clamp-2">{outline}</p>
    </div>
  )
}
