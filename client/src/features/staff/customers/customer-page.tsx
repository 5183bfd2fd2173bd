import type { ReactNode } from 'react'
import { useCustomer, type CustomerActionResult, type StaffCustomer } from '../api/customers'
import { CustomerActions } from './customer-actions'
import { CustomerState } from './customer-list'
import { DataTable, type Column } from '../kit/data-table'
import { DeskPage } from '../kit/desk-page'
import { formatDateTime } from '../kit/format'
import { ConsoleLink } from '../kit/list-controls'
import { useOrderColumns } from '../kit/order-columns'
import { useRequestColumns } from '../kit/request-columns'
import { useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'
import '../kit/staff-desk.css'

/** What an action changed besides the account the call answers: the failures forgotten, the sessions ended. */
const after = (customer: StaffCustomer, action: string, result: CustomerActionResult): StaffCustomer => ({
  ...customer,
  ...result.account,
  ...(action === 'unlock' ? { failedLogins: 0 } : {}),
  ...(action === 'disable' ? { activeSessions: 0 } : {}),
})

/** getCustomer (an audited view): the account and its sign-in state, its orders, downloads and requests; the desk's actions. */
export function CustomerPage({ id }: { id: string }) {
  const t = useStaffT()
  const { locale } = useStaff()
  const result = useCustomer(id)
  const orderColumns = useOrderColumns({ buyer: false })
  const requestColumns = useRequestColumns()
  const when = (iso: string | null) => formatDateTime(iso, locale) || t('staff.customers.never')

  return (
    <DeskPage
      words="staff.customers"
      back="/staff/customers"
      result={result}
      title={(customer) => t('staff.customers.pageTitle', { login: customer.loginCode })}
    >
      {(customer) => {
        const facts: Array<[string, ReactNode]> = [
          [t('staff.customers.login'), customer.loginCode],
          [t('staff.customers.field.name'), customer.name],
          [t('staff.customers.company'), customer.company],
          [t('staff.customers.field.position'), customer.position],
          [t('staff.customers.field.email'), customer.email],
          [t('staff.customers.phone'), customer.phone],
          [t('staff.customers.field.lang'), customer.lang],
          [t('staff.list.status'), <CustomerState key="state" account={customer} />],
          [t('staff.customers.signIn'), customer.lockedUntil ? when(customer.lockedUntil) : t('staff.customers.notLocked')],
          [t('staff.customers.field.failedLogins'), customer.failedLogins],
          [t('staff.customers.field.activeSessions'), customer.activeSessions],
          [t('staff.customers.registered'), when(customer.createdAt)],
          [t('staff.customers.lastLogin'), when(customer.lastLoginAt)],
          [t('staff.customers.field.passwordChanged'), when(customer.passwordChangedAt)],
        ]
        return (
          <>
            <div className="staff-desk-columns">
              <section className="staff-fieldset" aria-labelledby="staff-customer-facts">
                <h2 id="staff-customer-facts">{t('staff.customers.factsTitle')}</h2>
                <dl className="staff-facts">
                  {facts.map(([label, value]) => (
                    <div key={label}>
                      <dt>{label}</dt>
                      <dd>{value === '' ? '—' : value}</dd>
                    </div>
                  ))}
                </dl>
              </section>
              <CustomerActions
                customer={customer}
                onDone={(action, answer) => void result.mutate(after(customer, action, answer), { revalidate: false })}
              />
            </div>
            <RecordTable part="orders" columns={orderColumns} rows={customer.orders} rowKey={(row) => row.orderNo} />
            <RecordTable
              part="downloads"
              columns={[
                { label: t('staff.customers.download.at'), className: 'staff-num', cell: (row) => formatDateTime(row.at, locale) },
                {
                  label: t('staff.orders.orderNo'),
                  className: 'staff-mono',
                  cell: (row) => <ConsoleLink path={`/staff/orders/${row.orderNo}`}>{row.orderNo}</ConsoleLink>,
                },
                { label: t('staff.orders.item'), className: 'staff-clip', cell: (row) => row.title },
                { label: t('staff.customers.download.via'), cell: (row) => t(`staff.customers.download.via.${row.via}`) },
              ]}
              rows={customer.downloads}
              rowKey={(row) => `${row.at}-${row.orderNo}`}
            />
            <RecordTable part="requests" columns={requestColumns} rows={customer.requests} rowKey={(row) => row.id} />
          </>
        )
      }}
    </DeskPage>
  )
}

const PARTS = {
  orders: ['staff.customers.ordersTitle', 'staff.customers.noOrders'],
  downloads: ['staff.customers.downloadsTitle', 'staff.customers.noDownloads'],
  requests: ['staff.customers.requestsTitle', 'staff.customers.noRequests'],
} as const

interface RecordTableProps<T> {
  part: keyof typeof PARTS
  columns: readonly Column<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string
}

/** A section of the page listing the customer's records of a kind: its table, or a line saying there are none. */
function RecordTable<T>({ part, columns, rows, rowKey }: RecordTableProps<T>) {
  const t = useStaffT()
  const [title, empty] = PARTS[part]
  const id = `staff-customer-${part}`
  return (
    <section className="staff-fieldset staff-desk-section" aria-labelledby={id}>
      <h2 id={id}>{t(title)}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t(empty)}</p>
      ) : (
        <DataTable caption={t(title)} columns={columns} rows={rows} rowKey={rowKey} rowLinks />
      )}
    </section>
  )
}
