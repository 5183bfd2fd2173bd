import { CUSTOMER_STATUSES, useCustomerList, type CustomerStatus, type StaffCustomerListItem } from '../api/customers'
import { choice } from '../kit/filter-bar'
import { formatDateTime } from '../kit/format'
import { oneOf, text, useAddressList, type ListSpec, type ListState } from '../kit/list-address'
import { ConsoleLink } from '../kit/list-controls'
import { ListFrame } from '../kit/list-frame'
import { useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'
import '../kit/staff-desk.css'

interface CustomerFilters {
  q: string
  status: CustomerStatus
  /** 'true': only the accounts whose sign-in is locked now */
  locked: 'true'
}

// The call orders the accounts itself (newest first): no sortable column.
const CUSTOMERS: ListSpec<never, CustomerFilters> = {
  words: 'staff.customers',
  sorts: [],
  filters: { q: text(100), status: oneOf(CUSTOMER_STATUSES), locked: oneOf(['true'] as const) },
  bar: {
    label: 'staff.customers.filters',
    fields: [
      { key: 'q', kind: 'search', label: 'staff.customers.q' },
      choice('status', 'staff.list.status', CUSTOMER_STATUSES, (status) => `staff.customers.status.${status as CustomerStatus}`),
      choice('locked', 'staff.customers.signIn', ['true'], () => 'staff.customers.locked'),
    ],
  },
}

const callOf = ({ locked, ...rest }: ListState<never, CustomerFilters>) => (locked ? { ...rest, locked: true } : rest)

/** An account's state: disabled, or locked until a time, or active. */
export function CustomerState({ account }: { account: Pick<StaffCustomerListItem, 'status' | 'lockedUntil'> }) {
  const t = useStaffT()
  const { locale } = useStaff()
  return (
    <>
      <span className={`staff-badge staff-customer-${account.status}`}>{t(`staff.customers.status.${account.status}`)}</span>
      {account.lockedUntil && (
        <span className="staff-badge staff-customer-locked">
          {t('staff.customers.lockedUntil', { at: formatDateTime(account.lockedUntil, locale) })}
        </span>
      )}
    </>
  )
}

/** listCustomers: the website's accounts, newest first, found by words, status and lock on the server. */
export function CustomerList() {
  const t = useStaffT()
  const { locale } = useStaff()
  const list = useAddressList(CUSTOMERS, '/staff/customers')
  const result = useCustomerList(callOf(list.state))
  return (
    <ListFrame
      list={list}
      result={result}
      columns={[
        {
          label: t('staff.customers.login'),
          className: 'staff-mono',
          cell: (account) => <ConsoleLink path={`/staff/customers/${account.id}`}>{account.loginCode}</ConsoleLink>,
        },
        {
          label: t('staff.customers.contact'),
          cell: (account) => (
            <>
              {account.name}
              <span className="muted"> · {account.email}</span>
            </>
          ),
        },
        { label: t('staff.customers.company'), className: 'staff-clip', cell: (account) => account.company },
        { label: t('staff.customers.phone'), className: 'staff-num', cell: (account) => account.phone },
        { label: t('staff.list.status'), cell: (account) => <CustomerState account={account} /> },
        {
          label: t('staff.customers.registered'),
          className: 'staff-num',
          cell: (account) => formatDateTime(account.createdAt, locale),
        },
        {
          label: t('staff.customers.lastLogin'),
          className: 'staff-num',
          cell: (account) => formatDateTime(account.lastLoginAt, locale) || t('staff.customers.never'),
        },
      ]}
      rowKey={(account) => account.id}
    />
  )
}
