import type { DashboardJobs, DashboardMails } from '../api/dashboard'
import { Figures, Panel } from './dashboard-figures'
import { DataTable } from '../kit/data-table'
import { formatDateTime } from '../kit/format'
import { ConsoleLink } from '../kit/list-controls'
import { useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'

// The server's plumbing (operations.read: admins): failed jobs and unsent
// mails. The desk has no list of either yet (no list call), so the figures
// are not links: the latest failures are shown here instead.

export function DashboardOperations({ jobs, mails }: { jobs?: DashboardJobs | undefined; mails?: DashboardMails | undefined }) {
  const t = useStaffT()
  const { locale } = useStaff()
  if (!jobs && !mails) return null
  const when = (iso: string) => formatDateTime(iso, locale)
  return (
    <div className="staff-dashboard-grid">
      {jobs && (
        <Panel id="staff-dashboard-jobs" title={t('staff.dashboard.jobsTitle')}>
          <Figures
            items={[
              { label: t('staff.dashboard.jobsFailed'), count: jobs.failed },
              { label: t('staff.dashboard.jobsRetrying'), count: jobs.retrying },
            ]}
          />
          <p className="muted">{t('staff.dashboard.noList')}</p>
          {jobs.byQueue.length > 0 && (
            <DataTable
              caption={t('staff.dashboard.jobsTitle')}
              columns={[
                { label: t('staff.dashboard.queue'), className: 'staff-mono', cell: (row) => row.queue },
                { label: t('staff.dashboard.jobsFailed'), className: 'staff-num', cell: (row) => row.failed },
                { label: t('staff.dashboard.jobsRetrying'), className: 'staff-num', cell: (row) => row.retrying },
              ]}
              rows={jobs.byQueue}
              rowKey={(row) => row.queue}
            />
          )}
          <h3>{t('staff.dashboard.recentJobs')}</h3>
          <DataTable
            caption={t('staff.dashboard.recentJobs')}
            columns={[
              { label: t('staff.dashboard.failedAt'), className: 'staff-num', cell: (row) => when(row.failedAt) },
              { label: t('staff.dashboard.queue'), className: 'staff-mono', cell: (row) => row.queue },
              { label: t('staff.dashboard.attempts'), className: 'staff-num', cell: (row) => row.attempts },
              { label: t('staff.dashboard.error'), cell: (row) => row.error },
            ]}
            rows={jobs.recent}
            rowKey={(row) => row.id}
            empty={t('staff.dashboard.none')}
          />
        </Panel>
      )}
      {mails && (
        <Panel id="staff-dashboard-mails" title={t('staff.dashboard.mailsTitle')}>
          <Figures
            items={[
              { label: t('staff.dashboard.unsent'), count: mails.unsent },
              { label: t('staff.dashboard.rejected'), count: mails.rejected },
              ...(mails.oldestUnsentSeconds === null
                ? []
                : [
                    {
                      label: t('staff.dashboard.oldestUnsent'),
                      count: t('staff.dashboard.minutes', { count: Math.ceil(mails.oldestUnsentSeconds / 60) }),
                    },
                  ]),
            ]}
          />
          <p className="muted">{t('staff.dashboard.noList')}</p>
          <h3>{t('staff.dashboard.recentMails')}</h3>
          <DataTable
            caption={t('staff.dashboard.recentMails')}
            columns={[
              { label: t('staff.dashboard.queuedAt'), className: 'staff-num', cell: (row) => when(row.queuedAt) },
              { label: t('staff.dashboard.mailKind'), cell: (row) => row.kind },
              {
                label: t('staff.dashboard.reference'),
                className: 'staff-mono',
                cell: (row) => <MailReference kind={row.kind} reference={row.reference} />,
              },
              { label: t('staff.list.status'), cell: (row) => t(`staff.dashboard.${row.state}`) },
              { label: t('staff.dashboard.attempts'), className: 'staff-num', cell: (row) => row.attempts },
              { label: t('staff.dashboard.error'), cell: (row) => row.error },
            ]}
            rows={mails.recent}
            rowKey={(row) => `${row.queuedAt}-${row.kind}-${row.reference ?? ''}`}
            empty={t('staff.dashboard.none')}
          />
        </Panel>
      )}
    </div>
  )
}

/** What a mail is about, opened on its page: an order, a request, or (a reset mail) the account. */
function MailReference({ kind, reference }: { kind: string; reference: string | null }) {
  if (!reference) return <>—</>
  const section = kind === 'password-reset' ? 'customers' : kind === 'staff-notice' ? 'requests' : 'orders'
  return <ConsoleLink path={`/staff/${section}/${encodeURIComponent(reference)}`}>{reference}</ConsoleLink>
}
