import type { DashboardLicences as Licences } from '../api/dashboard'
import { DataTable } from '../kit/data-table'
import { formatDateTime } from '../kit/format'
import { ConsoleLink } from '../kit/list-controls'
import { useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'
import { Figures, Panel } from './dashboard-figures'

// getDashboard's licences (finance, admin): downloads refused today for the
// daily limit, the seats refused most this week (each opening its order, whose
// seats panel shows them), and copies that could not be stamped.

export function DashboardLicences({ licences }: { licences: Licences }) {
  const t = useStaffT()
  const { locale } = useStaff()
  return (
    <Panel id="staff-dashboard-licences" title={t('staff.dashboard.licencesTitle')}>
      <Figures
        items={[
          { label: t('staff.dashboard.refusedToday'), count: licences.refusedToday },
          { label: t('staff.dashboard.failedCopies'), count: licences.failedCopies },
        ]}
      />
      {licences.overLimit.length > 0 && (
        <DataTable
          caption={t('staff.dashboard.overLimit')}
          columns={[
            {
              label: t('staff.dashboard.overLimitOrder'),
              cell: (row) => (
                <>
                  <ConsoleLink path={`/staff/orders/${row.orderNo}`}>{row.orderNo}</ConsoleLink>
                  <div className="muted staff-clip-wrap">{row.title}</div>
                </>
              ),
            },
            { label: t('staff.dashboard.overLimitHolder'), className: 'staff-clip-wrap', cell: (row) => row.holder },
            {
              label: t('staff.dashboard.overLimitRefused'),
              className: 'staff-num',
              cell: (row) => (
                <>
                  <div>{row.refused}</div>
                  <div className="muted">{formatDateTime(row.lastAt, locale)}</div>
                </>
              ),
            },
          ]}
          rows={licences.overLimit}
          rowKey={(row) => `${row.orderNo}/${row.holder}`}
          rowLinks
        />
      )}
    </Panel>
  )
}
