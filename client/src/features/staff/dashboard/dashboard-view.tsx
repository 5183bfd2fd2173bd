import { useDashboard, type DashboardOrderPeriod, type StaffDashboard } from '../api/dashboard'
import { DashboardLicences } from './dashboard-licences'
import { DashboardOperations } from './dashboard-operations'
import { Figures, listPath, Panel } from './dashboard-figures'
import { DataTable } from '../kit/data-table'
import { formatDateTime } from '../kit/format'
import { ConsoleLink } from '../kit/list-controls'
import { money, useMethodName } from '../kit/order-columns'
import { SectionHead } from '../kit/section-head'
import { failureText, useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'
import '../kit/staff-desk.css'

type Period = 'today' | 'month'
type Row = DashboardOrderPeriod['total'] & { method: string }
type Money = Row['paid']

const ordersPath = (filter: object) => listPath('/staff/orders', filter)

/** getDashboard: the sections the role may read (the server leaves the others out), each figure linked to its list. */
export function DashboardView() {
  const t = useStaffT()
  const { locale } = useStaff()
  const { data, error } = useDashboard()
  const empty = data && !data.orders && !data.paymentCases && !data.requests && !data.jobs && !data.mails && !data.licences
  return (
    <section className="staff-section" aria-labelledby="staff-dashboard-title">
      <SectionHead id="staff-dashboard-title" title={t('staff.dashboard.title')} />
      {error && !data ? (
        <p role="alert" className="staff-error">
          {failureText(error, t('staff.dashboard.failed'))}
        </p>
      ) : !data ? (
        <p className="staff-loading">{t('staff.loading')}</p>
      ) : (
        <>
          <p className="staff-meta">{t('staff.dashboard.asOf', { at: formatDateTime(data.at, locale) })}</p>
          {empty && <p className="muted">{t('staff.dashboard.nothing')}</p>}
          {data.orders &&
            (['today', 'month'] as const).map((period) => <Orders key={period} period={period} figures={data.orders![period]} />)}
          <div className="staff-dashboard-grid">
            {data.paymentCases && <Cases cases={data.paymentCases} />}
            {data.requests && (
              <Panel id="staff-dashboard-requests" title={t('staff.dashboard.requestsTitle')}>
                <p>
                  <ConsoleLink path="/staff/requests">{t('staff.dashboard.requestsOpen', { count: data.requests.open })}</ConsoleLink>
                </p>
                <Figures
                  items={data.requests.byStatus.map((figure) => ({
                    label: t(`staff.requests.status.${figure.status}`),
                    count: figure.count,
                    path: listPath('/staff/requests', figure.filter),
                  }))}
                />
              </Panel>
            )}
            {data.licences && <DashboardLicences licences={data.licences} />}
          </div>
          <DashboardOperations jobs={data.jobs} mails={data.mails} />
        </>
      )}
    </section>
  )
}

/** A period's orders by method: made, paid (kept) and refunded, each count opening the orders list it counts. */
function Orders({ period, figures }: { period: Period; figures: DashboardOrderPeriod }) {
  const t = useStaffT()
  const methodName = useMethodName()
  const id = `staff-dashboard-${period}`
  const periodName = t(`staff.dashboard.${period}`)
  const rows: Row[] = [...figures.byMethod, { ...figures.total, method: 'total' }]
  const moneyCell = (figure: Money) => (
    <>
      <ConsoleLink path={ordersPath(figure.filter)}>{figure.count}</ConsoleLink>
      {figure.amounts.length > 0 && ` · ${figure.amounts.map((sum) => money(sum.amount, sum.currency)).join(', ')}`}
    </>
  )
  return (
    <Panel id={id} title={`${periodName} · ${figures.from === figures.to ? figures.from : `${figures.from} – ${figures.to}`}`}>
      <DataTable
        caption={t('staff.dashboard.ordersCaption', { period: periodName, from: figures.from, to: figures.to })}
        columns={[
          {
            label: t('staff.dashboard.method'),
            cell: (row) => (row.method === 'total' ? t('staff.dashboard.allMethods') : methodName(row.method)),
          },
          {
            label: t('staff.dashboard.made'),
            className: 'staff-num',
            cell: (row) => <ConsoleLink path={ordersPath(row.made.filter)}>{row.made.count}</ConsoleLink>,
          },
          { label: t('staff.dashboard.paid'), className: 'staff-num', cell: (row) => moneyCell(row.paid) },
          { label: t('staff.dashboard.refunded'), className: 'staff-num', cell: (row) => moneyCell(row.refunded) },
        ]}
        rows={rows}
        rowKey={(row) => row.method}
        rowLinks
      />
    </Panel>
  )
}

/** The payment cases: the refunds that need a person open the orders page, whose banner lists them. */
function Cases({ cases }: { cases: NonNullable<StaffDashboard['paymentCases']> }) {
  const t = useStaffT()
  return (
    <Panel id="staff-dashboard-cases" title={t('staff.dashboard.casesTitle')}>
      <Figures
        items={[
          { label: t('staff.dashboard.refundRequired'), count: cases.refundRequired.count, path: '/staff/orders' },
          // The console lists no closes: the count alone (npm run payments -- list --state closing names them).
          { label: t('staff.dashboard.closing'), count: cases.closing.count },
        ]}
      />
    </Panel>
  )
}
