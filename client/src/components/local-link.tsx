import type { AnchorHTMLAttributes, ReactNode } from 'react'
import { Link } from 'wouter'
import { useLocalize } from '../lib/use-locale'

interface Props extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** Edition-neutral path; '/en' is added in the English edition. */
  to: string
  /** Already a full site path (e.g. a carousel link from the API). */
  raw?: boolean
  children?: ReactNode
}

export function LocalLink({ to, raw, children, ...rest }: Props) {
  const localize = useLocalize()
  return (
    <Link href={raw ? to : localize(to)} {...rest}>
      {children}
    </Link>
  )
}
