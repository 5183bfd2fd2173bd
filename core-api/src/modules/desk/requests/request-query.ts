import type { ListRequestsQuery, RequestStatus, RequestType, StaffRequestListItem } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { Conditions, escapeLike } from '../../../platform/lib/sql.ts'

// The filters and sort the requests list and its export share, as SQL over
// customer_info (alias c) joined to the assignee (s) and the report (r).

export type RequestFilters = Omit<ListRequestsQuery, 'pageNo' | 'pageSize'>

export const TYPE_CODE: Record<RequestType, string> = { sample: '1', custom: '2' }
export const typeOf = (code: string): RequestType => (code === '1' ? 'sample' : 'custom')

export const WORKFLOW: readonly RequestStatus[] = ['new', 'contacted', 'quoted', 'won', 'lost']

/** The moves the workflow allows; a lost request may be reopened (a customer who comes back), a won one is final. */
export const NEXT_STATUS: Record<RequestStatus, readonly RequestStatus[]> = {
  new: ['contacted', 'quoted', 'won', 'lost'],
  contacted: ['quoted', 'won', 'lost'],
  quoted: ['won', 'lost'],
  won: [],
  lost: ['contacted'],
}

const SORT_COLUMN = {
  createdAt: 'c.created_at',
  updatedAt: 'c.updated_at',
  company: 'lower(c.company_name)',
  status: `array_position(ARRAY['new', 'contacted', 'quoted', 'won', 'lost']::varchar[], c.workflow_status)`,
} as const

/** The columns of a list row; the list shows the demand's start, the export all of it. */
export const listColumns = (demand: 'start' | 'whole') => `c.id::text AS id, c.type, c.workflow_status AS status, c.row_version AS version,
  c.company_name AS company, c.name, c.email, c.contact AS phone, ${demand === 'start' ? 'left(c.demand, 200)' : 'c.demand'} AS demand,
  c.lang, s.name AS assignee, r.title AS "reportTitle", c.created_at AS "createdAt", c.updated_at AS "updatedAt"`

export const LIST_FROM = `customer_info c LEFT JOIN staff_account s ON s.id = c.assignee_id LEFT JOIN research_report r ON r.id = c.report_id`

export interface ListRow extends Omit<StaffRequestListItem, 'type' | 'createdAt' | 'updatedAt'> {
  type: string
  createdAt: Date
  updatedAt: Date
}

/** PostgreSQL text holds no NUL character: one in a visitor's or a staff member's text is dropped, never a 500. */
export function withoutNul(text: string): string {
  return text.replace(/\0/g, '')
}

function instant(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined
  const at = new Date(value)
  // The schema checked the format; a date it lets through that is not one (or out of PostgreSQL's range) is refused here.
  if (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1 || at.getUTCFullYear() > 9999) throw new AppError('REQUEST_DATE_INVALID')
  return at
}

/** The WHERE clause of the filters; `me` is the caller's staff id. */
export function requestConditions(filters: RequestFilters, me: string): Conditions {
  const c = new Conditions()
  if (filters.status) c.add(`c.workflow_status = ?`, filters.status)
  if (filters.type) c.add(`c.type = ?`, TYPE_CODE[filters.type])
  const from = instant(filters.from)
  const to = instant(filters.to)
  if (from && to && from > to) throw new AppError('REQUEST_DATE_INVALID')
  if (from) c.add(`c.created_at >= ?::timestamptz`, from.toISOString())
  if (to) c.add(`c.created_at < ?::timestamptz`, to.toISOString())
  if (filters.assignee === 'me') c.add(`c.assignee_id = ?::bigint`, me)
  else if (filters.assignee === 'unassigned') c.add(`c.assignee_id IS NULL`)
  else if (filters.assignee) c.add(`lower(s.name) = lower(?)`, filters.assignee)
  const q = withoutNul(filters.q ?? '')
    .trim()
    .toLowerCase()
  if (q) {
    const like = `%${escapeLike(q)}%`
    c.add(
      `(lower(c.company_name) LIKE ? OR lower(c.name) LIKE ? OR lower(c.email) LIKE ? OR lower(c.demand) LIKE ?)`,
      like,
      like,
      like,
      like,
    )
  }
  return c
}

/** ORDER BY of the sort, newest first by default; the id breaks ties so that pages never overlap. */
export function requestOrder(filters: RequestFilters): string {
  const direction = filters.order === 'asc' ? 'ASC' : 'DESC'
  return `${SORT_COLUMN[filters.sort ?? 'createdAt']} ${direction}, c.id ${direction}`
}

/** The SQL type a sort key's text is read back as (none of the keys is ever NULL: the columns are NOT NULL). */
const SORT_TYPE = { createdAt: 'timestamptz', updatedAt: 'timestamptz', company: 'text', status: 'int' } as const

/** The sort key of a row as text, exact (a time keeps its microseconds), for keyset pages. */
export const sortKeyColumn = (filters: RequestFilters) => `(${SORT_COLUMN[filters.sort ?? 'createdAt']})::text AS "sortKey"`

/** The rows after `last` in requestOrder's order: (key, id) beyond the last page's end, in the sort's direction. */
export function addAfter(c: Conditions, filters: RequestFilters, last: { sortKey: string; id: string }): Conditions {
  const sort = filters.sort ?? 'createdAt'
  const beyond = filters.order === 'asc' ? '>' : '<'
  return c.add(`(${SORT_COLUMN[sort]}, c.id) ${beyond} (?::${SORT_TYPE[sort]}, ?::bigint)`, last.sortKey, last.id)
}

export function listItem(row: ListRow): StaffRequestListItem {
  return {
    ...row,
    type: typeOf(row.type),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  }
}
