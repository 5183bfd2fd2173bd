import type { AnchorHTMLAttributes } from 'react'

interface Props extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> {
  href: string
  /** Moves within the app; a click with a modifier key is left to the browser (a new tab or window). */
  onNavigate: (href: string) => void
}

/** A real link (shareable, crawlable) that a plain click follows without reloading the page. */
export function NavAnchor({ href, onNavigate, children, ...rest }: Props) {
  return (
    <a
      href={href}
      {...rest}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return
        event.preventDefault()
        onNavigate(href)
      }}
    >
      {children}
    </a>
  )
}
