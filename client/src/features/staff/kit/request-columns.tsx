import type { ReactNode } from 'react'
import type { RequestSort, StaffRequestListItem } from '../api/requests'
import type { Column } from './data-table'
import { formatDateTime } from './format'
import { ConsoleLink } from './list-controls'
import { useStaff } from './staff-context'
import { useStaffT } from './use-staff-t'

// A request's row, as the inbox shows it and a customer's page lists the
// requests sent with the customer's e-mail: each opens the request's page.

type Sortable = (sort: RequestSort) => (label: string) => ReactNode

/** The requests' columns, sortable where the list sorts on the server. */
export function useRequestColumns({ sortable }: { sortable?: Sortable } = {}): Column<StaffRequestListItem>[] {
  const t = useStaffT()
  const { locale } = useStaff()
  return [
    {
      label: t('staff.requests.sent'),
      sort: sortable?.('createdAt'),
      className: 'staff-num',
      cell: (item) => formatDateTime(item.createdAt, locale),
    },
    {
      label: t('staff.requests.company'),
      sort: sortable?.('company'),
      cell: (item) => <ConsoleLink path={`/staff/requests/${item.id}`}>{item.company || item.name || item.email}</ConsoleLink>,
    },
    {
      label: t('staff.requests.contact'),
      cell: (item) => (
        <>
          {item.name}
          <span className="muted"> · {item.email}</span>
        </>
      ),
    },
    { label: t('staff.requests.type'), cell: (item) => t(`staff.requests.type.${item.type}`) },
    {
      label: t('staff.list.status'),
      sort: sortable?.('status'),
      cell: (item) => <span className={`staff-badge staff-request-${item.status}`}>{t(`staff.requests.status.${item.status}`)}</span>,
    },
    {
      label: t('staff.requests.assignee'),
      cell: (item) => item.assignee ?? <span className="muted">{t('staff.requests.assignee.none')}</span>,
    },
    { label: t('staff.requests.about'), className: 'staff-clip', cell: (item) => item.reportTitle ?? item.demand },
  ]
}
