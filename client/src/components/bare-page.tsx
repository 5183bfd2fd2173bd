import type { ReactNode } from 'react'
import { useT } from '../lib/use-t'
import { LocalLink } from './local-link'

/** A page without header and footer (the password page, the payment result): one card under the site's name. */
export function BarePage({ className, children }: { className?: string; children: ReactNode }) {
  const t = useT()
  return (
    <div className="bare-page">
      <div className={className ? `bare-card ${className}` : 'bare-card'}>
        <LocalLink to="/" className="bare-brand">
          {t('site.name')}
        </LocalLink>
        {children}
      </div>
    </div>
  )
}
