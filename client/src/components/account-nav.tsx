import { useT } from '../lib/use-t'
import { LocalLink } from './local-link'

export type AccountSection = 'info' | 'orders' | 'downloads' | 'password'

const ITEMS: Array<{
  key: AccountSection
  to: string
  label: 'account.info' | 'nav.account.orders' | 'nav.account.downloads' | 'account.password'
}> = [
  { key: 'info', to: '/personalCenter/myInfo', label: 'account.info' },
  { key: 'orders', to: '/personalCenter/moreOrders', label: 'nav.account.orders' },
  { key: 'downloads', to: '/personalCenter/myDownload', label: 'nav.account.downloads' },
  { key: 'password', to: '/personalCenter/updatePwd', label: 'account.password' },
]

/** The personal centre's side menu, shared by its pages. */
export function AccountNav({ current }: { current: AccountSection }) {
  const t = useT()
  return (
    <nav className="account-nav" aria-label={t('account.heading')}>
      <p className="account-nav-title">{t('account.heading')}</p>
      <ul>
        {ITEMS.map((item) => (
          <li key={item.key}>
            <LocalLink
              to={item.to}
              className={item.key === current ? 'is-active' : undefined}
              aria-current={item.key === current ? 'page' : undefined}
            >
              {t(item.label)}
            </LocalLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
