import type { ReactNode } from 'react'
import { OUTLINE_MAX, plainText } from '../lib/rich-summary'
import { LocalLink } from './local-link'

interface Props {
  to: string
  title: string
  /** The item's category, first on its line of facts. */
  tag: string
  facts: ReactNode
  outline: string
}

/** A list item's text: its linked title, a line of facts, then its outline's text in two lines at most. */
export function ItemBody({ to, title, tag, facts, outline }: Props) {
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      <h2 className="item-title">
        <LocalLink to={to}>{title}</LocalLink>
      </h2>
      <p className="meta">
        <span className="tag">{tag}</span>
        {facts}
      </p>
      <p className="item-outline clamp-2">{plainText(outline, OUTLINE_MAX)}</p>
    </div>
  )
}
