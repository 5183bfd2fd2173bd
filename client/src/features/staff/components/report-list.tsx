import { useId, useState, type FormEvent } from 'react'
import { useSearch } from 'wouter'
import { Pagination } from '../../../components/pagination'
import { formatDateTime } from './format'
import { FilterSelect, moveBetweenRows, SortHeader } from './list-controls'
import { STATUSES, useReportList, type ContentStatus, type ListReportsInput, type ReportSort } from '../api/reports'
import { useCategories } from '../api/categories'
import { isPlainClick, useStaff } from './staff-context'
import { StatusBadge } from './status-badge'
import { useStaffT } from './use-staff-t'

export const PAGE_SIZE = 20
const SORTS: readonly ReportSort[] = ['updatedAt', 'publishDate', 'title', 'code']

/** The list's state lives in the address (page, sort, filters), so it can be shared and Back returns to it. */
export function listQuery(search: string): ListReportsInput {
  const query = new URLSearchParams(search)
  const page = Number(query.get('page'))
  const sort = query.get('sort') as ReportSort | null
  const status = query.get('status') as ContentStatus | null
  const input: ListReportsInput = {
    pageNo: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZE,
    sort: sort && SORTS.includes(sort) ? sort : 'updatedAt',
    order: query.get('order') === 'asc' ? 'asc' : 'desc',
  }
  if (status && STATUSES.includes(status)) input.status = status
  const category = query.get('category')
  if (category) input.category = category
  const q = query.get('q')?.trim()
  if (q) input.q = q.slice(0, 100)
  return input
}

function searchOf(input: ListReportsInput): string {
  const query = new URLSearchParams()
  if (input.pageNo && input.pageNo > 1) query.set('page', String(input.pageNo))
  if (input.sort && input.sort !== 'updatedAt') query.set('sort', input.sort)
  if (input.order === 'asc') query.set('order', 'asc')
  if (input.status) query.set('status', input.status)
  if (input.category) query.set('category', input.category)
  if (input.q) query.set('q', input.q)
  const text = query.toString()
  return text ? `?${text}` : ''
}

export function ReportList() {
  const t = useStaffT()
  const { navigate, href, locale } = useStaff()
  const search = useSearch()
  const input = listQuery(search)
  const { data, error, isLoading, isValidating } = useReportList(input)
  const { data: categories } = useCategories(locale)
  const [q, setQ] = useState(input.q ?? '')
  const qId = useId()
  // The box follows the address (Back, a link) without an effect: reset while rendering when the query changed.
  const [qShown, setQShown] = useState(input.q)
  if (qShown !== input.q) {
    setQShown(input.q)
    setQ(input.q ?? '')
  }

  const go = (next: Partial<ListReportsInput>, resetPage = true) => {
    const merged: ListReportsInput = { ...input, ...(resetPage ? { pageNo: 1 } : {}), ...next }
    for (const key of ['status', 'category', 'q'] as const) if (!merged[key]) delete merged[key]
    navigate(`/staff/reports${searchOf(merged)}`)
  }
  // The same column again reverses it; a new one starts A–Z for names, newest first for dates.
  const sortBy = (sort: ReportSort) =>
    go({
      sort,
      order: input.sort === sort ? (input.order === 'asc' ? 'desc' : 'asc') : sort === 'title' || sort === 'code' ? 'asc' : 'desc',
    })
  const submitSearch = (event: FormEvent) => {
    event.preventDefault()
    go({ q: q.trim() || undefined })
  }
  const open = (code: string) => navigate(`/staff/reports/${encodeURIComponent(code)}`)
  const sortHeader = (sort: ReportSort, label: string) => <SortHeader sort={sort} label={label} current={input} onSort={sortBy} />

  return (
    <section className="staff-section" aria-labelledby="staff-list-title">
      <div className="staff-title-row">
        <h1 id="staff-list-title" className="staff-title" tabIndex={-1}>
          {t('staff.list.title')}
        </h1>
        <a
          className="button button-primary"
          href={href('/staff/reports/new')}
          onClick={(event) => {
            if (!isPlainClick(event)) return
            event.preventDefault()
            navigate('/staff/reports/new')
          }}
        >
          {t('staff.list.new')}
        </a>
      </div>
      <div className="staff-filters" role="search" aria-label={t('staff.list.filters')}>
        <form className="staff-filter-q" onSubmit={submitSearch}>
          <label htmlFor={qId} className="field-label">
            {t('staff.list.q')}
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
          options={STATUSES.map((status) => ({ value: status, label: t(`staff.status.${status}`) }))}
          onChange={(status) => go({ status })}
        />
        <FilterSelect
          label={t('staff.list.category')}
          value={input.category}
          options={(categories ?? []).map((item) => ({ value: item.dictValue, label: item.dictLabel }))}
          onChange={(category) => go({ category })}
        />
      </div>

      <p className="staff-count" aria-live="polite">
        {data ? t('staff.list.count', { count: data.count }) : isLoading ? t('staff.loading') : ''}
        {isValidating && data ? ` ${t('staff.loading')}` : ''}
      </p>
      {error && !data ? (
        <p role="alert" className="staff-error">
          {t('staff.list.failed')}
        </p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table" aria-busy={isLoading || undefined}>
            <caption className="visually-hidden">{t('staff.list.caption')}</caption>
            <thead>
              <tr>
                {sortHeader('code', t('staff.field.code'))}
                {sortHeader('title', t('staff.field.title'))}
                <th scope="col">{t('staff.field.category')}</th>
                <th scope="col">{t('staff.list.status')}</th>
                <th scope="col">{t('staff.list.langs')}</th>
                {sortHeader('publishDate', t('staff.field.publishDate'))}
                {sortHeader('updatedAt', t('staff.list.updatedAt'))}
              </tr>
            </thead>
            <tbody>
              {data?.list.map((item) => (
                <tr key={item.code} onKeyDown={moveBetweenRows}>
                  <td className="staff-mono">{item.code}</td>
                  <td>
                    <a
                      href={href(`/staff/reports/${encodeURIComponent(item.code)}`)}
                      onClick={(event) => {
                        if (!isPlainClick(event)) return
                        event.preventDefault()
                        open(item.code)
                      }}
                    >
                      {item.title}
                    </a>
                  </td>
                  <td>{categories?.find((c) => c.dictValue === item.category)?.dictLabel ?? item.category}</td>
                  <td>
                    <StatusBadge status={item.status} publishAt={item.publishAt} />
                  </td>
                  <td>{item.langs.join(' · ')}</td>
                  <td className="staff-num">{item.publishDate}</td>
                  <td className="staff-num">
                    {formatDateTime(item.updatedAt, locale)}
                    {item.updatedBy ? <span className="muted"> · {item.updatedBy}</span> : null}
                  </td>
                </tr>
              ))}
              {data && data.list.length === 0 && (
                <tr>
                  <td colSpan={7} className="staff-empty">
                    {t('staff.list.empty')}
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
          hrefFor={(page) => href(`/staff/reports${searchOf({ ...input, pageNo: page })}`)}
          onNavigate={(target) => go({ pageNo: Number(new URL(target, 'http://x').searchParams.get('page') ?? 1) }, false)}
        />
      )}
    </section>
  )
}
