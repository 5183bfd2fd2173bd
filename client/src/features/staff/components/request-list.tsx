import { useId, useState, type FormEvent } from 'react'
import { useSearch } from 'wouter'
import { Pagination } from '../../../components/pagination'
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
import { formatDateTime } from './format'
import { FilterSelect, moveBetweenRows, SortHeader } from './list-controls'
import { isPlainClick, useStaff } from './staff-context'
import { useStaffT } from './use-staff-t'
import './staff-desk.css'

const PAGE_SIZE = 20
const SORTS: readonly RequestSort[] = ['createdAt', 'updatedAt', 'company', 'status']
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A day typed in the filter as the instant it starts, in the reader's time zone (the call takes instants). */
const dayStart = (day: string, plusDays = 0): string | undefined => {
  if (!DAY.test(day)) return undefined
  const [y, m, d] = day.split('-').map(Number)
  const at = new Date(y!, m! - 1, d! + plusDays)
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString()
}

interface ListState {
  input: ListRequestsInput
  /** The days as typed (the address keeps these, the call gets instants) */
  fromDay: string
  toDay: string
}

/** The list's state lives in the address, so it can be shared and Back returns to it. */
function stateOf(search: string): ListState {
  const query = new URLSearchParams(search)
  const page = Number(query.get('page'))
  const sort = query.get('sort') as RequestSort | null
  const input: ListRequestsInput = {
    pageNo: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZE,
    sort: sort && SORTS.includes(sort) ? sort : 'createdAt',
    order: query.get('order') === 'asc' ? 'asc' : 'desc',
  }
  const status = query.get('status') as RequestStatus | null
  if (status && REQUEST_STATUSES.includes(status)) input.status = status
  const type = query.get('type') as RequestType | null
  if (type && REQUEST_TYPES.includes(type)) input.type = type
  const assignee = query.get('assignee')
  if (assignee && /^[A-Za-z0-9._-]{2,64}$/.test(assignee)) input.assignee = assignee
  const q = query.get('q')?.trim()
  if (q) input.q = q.slice(0, 100)
  const fromDay = query.get('from') ?? ''
  const toDay = query.get('to') ?? ''
  const from = dayStart(fromDay)
  if (from) input.from = from
  // "To" names a day the list includes: the call's bound is the next day's start.
  const to = dayStart(toDay, 1)
  if (to) input.to = to
  return { input, fromDay: from ? fromDay : '', toDay: to ? toDay : '' }
}

function searchOf({ input, fromDay, toDay }: ListState): string {
  const query = new URLSearchParams()
  if (input.pageNo && input.pageNo > 1) query.set('page', String(input.pageNo))
  if (input.sort && input.sort !== 'createdAt') query.set('sort', input.sort)
  if (input.order === 'asc') query.set('order', 'asc')
  for (const key of ['status', 'type', 'assignee', 'q'] as const) if (input[key]) query.set(key, String(input[key]))
  if (fromDay) query.set('from', fromDay)
  if (toDay) query.set('to', toDay)
  const text = query.toString()
  return text ? `?${text}` : ''
}

/** listRequests: the inbox of sample and custom-research requests, newest first, filtered and sorted on the server. */
export function RequestList() {
  const t = useStaffT()
  const { navigate, href, locale } = useStaff()
  const search = useSearch()
  const state = stateOf(search)
  const { input } = state
  const { data, error, isLoading, isValidating } = useRequestList(input)
  const [q, setQ] = useState(input.q ?? '')
  const qId = useId()
  const [qShown, setQShown] = useState(input.q)
  if (qShown !== input.q) {
    setQShown(input.q)
    setQ(input.q ?? '')
  }

  const go = (next: Partial<ListRequestsInput>, days: Partial<Pick<ListState, 'fromDay' | 'toDay'>> = {}, resetPage = true) => {
    const merged: ListState = {
      input: { ...input, ...(resetPage ? { pageNo: 1 } : {}), ...next },
      fromDay: days.fromDay ?? state.fromDay,
      toDay: days.toDay ?? state.toDay,
    }
    for (const key of ['status', 'type', 'assignee', 'q'] as const) if (!merged.input[key]) delete merged.input[key]
    navigate(`/staff/requests${searchOf(merged)}`)
  }
  const sortBy = (sort: RequestSort) =>
    go({ sort, order: input.sort === sort ? (input.order === 'asc' ? 'desc' : 'asc') : sort === 'company' ? 'asc' : 'desc' })
  const submitSearch = (event: FormEvent) => {
    event.preventDefault()
    go({ q: q.trim() || undefined })
  }
  const sortHeader = (sort: RequestSort, label: string) => <SortHeader sort={sort} label={label} current={input} onSort={sortBy} />

  return (
    <section className="staff-section" aria-labelledby="staff-requests-title">
      <div className="staff-title-row">
        <h1 id="staff-requests-title" className="staff-title" tabIndex={-1}>
          {t('staff.requests.title')}
        </h1>
        <div className="staff-inline">
          <a className="button button-secondary" href={exportUrl(input, 'csv', locale)} download>
            {t('staff.requests.exportCsv')}
          </a>
          <a className="button button-secondary" href={exportUrl(input, 'xlsx', locale)} download>
            {t('staff.requests.exportXlsx')}
          </a>
        </div>
      </div>
      <div className="staff-filters" role="search" aria-label={t('staff.requests.filters')}>
        <form className="staff-filter-q" onSubmit={submitSearch}>
          <label htmlFor={qId} className="field-label">
            {t('staff.requests.q')}
          </label>
          <div className="staff-inline">
            <input id={qId} className="input" type="search" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} />
            <button type="submit" className="button button-secondary">
              {t('staff.list.search')}
            </button>
          </div>
        </form>
        <FilterSelect
          label={t('staff.list.status')}
          value={input.status}
          options={REQUEST_STATUSES.map((status) => ({ value: status, label: t(`staff.requests.status.${status}`) }))}
          onChange={(status) => go({ status })}
        />
        <FilterSelect
          label={t('staff.requests.type')}
          value={input.type}
          options={REQUEST_TYPES.map((type) => ({ value: type, label: t(`staff.requests.type.${type}`) }))}
          onChange={(type) => go({ type })}
        />
        <FilterSelect
          label={t('staff.requests.assignee')}
          value={input.assignee}
          options={[
            { value: 'me', label: t('staff.requests.assignee.me') },
            { value: 'unassigned', label: t('staff.requests.assignee.none') },
          ]}
          onChange={(assignee) => go({ assignee })}
        />
        <label className="staff-filter">
          <span className="field-label">{t('staff.requests.from')}</span>
          <input className="input" type="date" value={state.fromDay} onChange={(e) => go({}, { fromDay: e.target.value })} />
        </label>
        <label className="staff-filter">
          <span className="field-label">{t('staff.requests.to')}</span>
          <input className="input" type="date" value={state.toDay} onChange={(e) => go({}, { toDay: e.target.value })} />
        </label>
      </div>

      <p className="staff-count" aria-live="polite">
        {data ? t('staff.requests.count', { count: data.count }) : isLoading ? t('staff.loading') : ''}
        {isValidating && data ? ` ${t('staff.loading')}` : ''}
      </p>
      {error && !data ? (
        <p role="alert" className="staff-error">
          {t('staff.list.failed')}
        </p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table" aria-busy={isLoading || undefined}>
            <caption className="visually-hidden">{t('staff.requests.caption')}</caption>
            <thead>
              <tr>
                {sortHeader('createdAt', t('staff.requests.sent'))}
                {sortHeader('company', t('staff.requests.company'))}
                <th scope="col">{t('staff.requests.contact')}</th>
                <th scope="col">{t('staff.requests.type')}</th>
                {sortHeader('status', t('staff.list.status'))}
                <th scope="col">{t('staff.requests.assignee')}</th>
                <th scope="col">{t('staff.requests.about')}</th>
              </tr>
            </thead>
            <tbody>
              {data?.list.map((item) => (
                <tr key={item.id} onKeyDown={moveBetweenRows}>
                  <td className="staff-num">{formatDateTime(item.createdAt, locale)}</td>
                  <td>
                    <a
                      href={href(`/staff/requests/${item.id}`)}
                      onClick={(event) => {
                        if (!isPlainClick(event)) return
                        event.preventDefault()
                        navigate(`/staff/requests/${item.id}`)
                      }}
                    >
                      {item.company || item.name || item.email}
                    </a>
                  </td>
                  <td>
                    {item.name}
                    <span className="muted"> · {item.email}</span>
                  </td>
                  <td>{t(`staff.requests.type.${item.type}`)}</td>
                  <td>
                    <span className={`staff-badge staff-request-${item.status}`}>{t(`staff.requests.status.${item.status}`)}</span>
                  </td>
                  <td>{item.assignee ?? <span className="muted">{t('staff.requests.assignee.none')}</span>}</td>
                  <td className="staff-clip">{item.reportTitle ?? item.demand}</td>
                </tr>
              ))}
              {data && data.list.length === 0 && (
                <tr>
                  <td colSpan={7} className="staff-empty">
                    {t('staff.requests.empty')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <Pagination
          page={input.pageNo ?? 1}
          pageSize={PAGE_SIZE}
          total={data.count}
          hrefFor={(page) => href(`/staff/requests${searchOf({ ...state, input: { ...input, pageNo: page } })}`)}
          onNavigate={(target) => go({ pageNo: Number(new URL(target, 'http://x').searchParams.get('page') ?? 1) }, {}, false)}
        />
      )}
    </section>
  )
}
