import type { ReactNode } from 'react'
import { AccountNav, type AccountSection } from './account-nav'

interface Props {
  current: AccountSection
  title: string
  /** Beside the title, e.g. the Edit button. */
  action?: ReactNode
  children: ReactNode
}

/** A personal-centre page: the centre's menu beside the page's own section. */
export function AccountPage({ current, title, action, children }: Props) {
  return (
    <div className="container page-section">
      <div className="account-layout">
        <AccountNav current={current} />
        <section className="account-main">
          <div className="section-head">
            <h1 className="section-title">{title}</h1>
            {action}
          </div>
          {children}
        </section>
      </div>
    </div>
  )
}
