import { useT } from '../lib/use-t'
import { SideNav } from './side-nav'

export type AccountSection = 'info' | 'orders' | 'downloads' | 'addresses' | 'invoices' | 'password'

const ITEMS: Array<{
  key: AccountSection
  to: string
  label:
    'account.info' | 'nav.account.orders' | 'nav.account.downloads' | 'address.heading' | 'nav.account.invoiceTitles' | 'account.password'
}> = [
  { key: 'info', to: '/personalCenter/myInfo', label: 'account.info' },
  { key: 'orders', to: '/personalCenter/moreOrders', label: 'nav.account.orders' },
  { key: 'downloads', to: '/personalCenter/myDownload', label: 'nav.account.downloads' },
  { key: 'addresses', to: '/personalCenter/myAddress', label: 'address.heading' },
  { key: 'invoices', to: '/personalCenter/invoiceTitles', label: 'nav.account.invoiceTitles' },
  { key: 'password', to: '/personalCenter/updatePwd', label: 'account.password' },
]

/** The personal centre's side menu, shared by its pages. */
export function AccountNav({ current }: { current: AccountSection }) {
  const t = useT()
  return (
    <SideNav
      kind="account"
      title={t('account.heading')}
      current={current}
      items={ITEMS.map((item) => ({ key: item.key, to: item.to, label: t(item.label) }))}
    />
  )
}
