import {
  exportUrl,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  useRequestList,
  type ListRequestsInput,
  type RequestSort,
  type RequestStatus,
  type RequestType,
} from '../api/requests'
import { businessDayStart } from '@rpt/contract/business-day'
import { choice } from '../kit/filter-bar'
import { day, matching, oneOf, text, useAddressList, type ListSpec, type ListState } from '../kit/list-address'
import { ExportLinks } from '../kit/list-controls'
import { ListFrame } from '../kit/list-frame'
import { useRequestColumns } from '../kit/request-columns'
import { useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'
import '../kit/staff-desk.css'

interface RequestFilters {
  status: RequestStatus
  type: RequestType
  assignee: string
  q: string
  /** Days as typed; the call takes instants */
  from: string
  to: string
}

const REQUESTS: ListSpec<RequestSort, RequestFilters> = {
  words: 'staff.requests',
  sorts: ['createdAt', 'updatedAt', 'company', 'status'],
  ascendingFirst: ['company'],
  filters: {
    status: oneOf(REQUEST_STATUSES),
    type: oneOf(REQUEST_TYPES),
    assignee: matching(/^[A-Za-z0-9._-]{2,64}$/),
    q: text(100),
    from: day,
    to: day,
  },
  bar: {
    label: 'staff.requests.filters',
    fields: [
      { key: 'q', kind: 'search', label: 'staff.requests.q' },
      choice('status', 'staff.list.status', REQUEST_STATUSES, (status) => `staff.requests.status.${status as RequestStatus}`),
      choice('type', 'staff.requests.type', REQUEST_TYPES, (type) => `staff.requests.type.${type as RequestType}`),
      choice('assignee', 'staff.requests.assignee', ['me', 'unassigned'], (assignee) =>
        assignee === 'me' ? 'staff.requests.assignee.me' : 'staff.requests.assignee.none',
      ),
      { key: 'from', kind: 'day', label: 'staff.requests.from' },
      { key: 'to', kind: 'day', label: 'staff.requests.to' },
    ],
  },
}

/** A day typed in the filter as the instant it starts: the publisher's day (China time), as the orders' days are. */
const dayStart = (typed: string | undefined, plusDays = 0): string | undefined =>
  typed ? businessDayStart(typed, plusDays)?.toISOString() : undefined

/** The call's input: "to" names a day the list includes, so its bound is the next day's start. */
function callOf({ from, to, ...rest }: ListState<RequestSort, RequestFilters>): ListRequestsInput {
  const input: ListRequestsInput = rest
  const start = dayStart(from)
  const end = dayStart(to, 1)
  if (start) input.from = start
  if (end) input.to = end
  return input
}

/** listRequests: the inbox of sample and custom-research requests, newest first, filtered and sorted on the server. */
export function RequestList() {
  const t = useStaffT()
  const { locale } = useStaff()
  const list = useAddressList(REQUESTS, '/staff/requests')
  const { state, sortable } = list
  const input = callOf(state)
  const result = useRequestList(input)

  return (
    <ListFrame
      list={list}
      result={result}
      columns={useRequestColumns({ sortable })}
      rowKey={(item) => String(item.id)}
      actions={
        <ExportLinks
          href={(format) => exportUrl(input, format, locale)}
          csv={t('staff.requests.exportCsv')}
          xlsx={t('staff.requests.exportXlsx')}
        />
      }
    />
  )
}
