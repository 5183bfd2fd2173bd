import type { AnchorHTMLAttributes, FocusEvent, PointerEvent, ReactNode, TouchEvent } from 'react'
import { Link } from 'wouter'
import { preloadScreenFor } from '../lib/screen-preload'
import { useLocalize } from '../lib/use-locale'

interface Props extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** Edition-neutral path; '/en' is added in the English edition. */
  to: string
  /** Already a full site path (e.g. a carousel link from the API). */
  raw?: boolean
  children?: ReactNode
}

export function LocalLink({ to, raw, children, onPointerEnter, onFocus, onTouchStart, ...rest }: Props) {
  const localize = useLocalize()
  const href = raw ? to : localize(to)
  return (
    <Link
      href={href}
      onPointerEnter={(event: PointerEvent<HTMLAnchorElement>) => {
        preloadScreenFor(href)
        onPointerEnter?.(event)
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        preloadScreenFor(href)
        onFocus?.(event)
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        preloadScreenFor(href)
        onTouchStart?.(event)
      }}
      {...rest}
    >
      {children}
    </Link>
  )
}
