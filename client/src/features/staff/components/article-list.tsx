import { useId, useState, type FormEvent } from 'react'
import { useSearch } from 'wouter'
import { Pagination } from '../../../components/pagination'
import { STATUSES } from '../api/reports'
import {
  useArticleList,
  type ArticleKind,
  type ArticleSort,
  type ContentStatus,
  type Edition,
  type ListArticlesInput,
} from '../api/articles'
import { useDict } from '../api/categories'
import { KIND_DICTS } from './article-form'
import { formatDateTime } from './format'
import { EDITIONS } from './report-form'
import { PAGE_SIZE } from './report-list'
import { isPlainClick, useStaff } from './staff-context'
import { StatusBadge } from './status-badge'
import { useStaffT } from './use-staff-t'

const SORTS: readonly ArticleSort[] = ['updatedAt', 'publishDate', 'title', 'id']

/** The list's state lives in the address (page, sort, filters), as the reports' list's does. */
export function articleListQuery(search: string): ListArticlesInput {
  const query = new URLSearchParams(search)
  const page = Number(query.get('page'))
  const sort = query.get('sort') as ArticleSort | null
  const status = query.get('status') as ContentStatus | null
  const edition = query.get('edition') as Edition | null
  const input: ListArticlesInput = {
    pageNo: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZE,
    sort: sort && SORTS.includes(sort) ? sort : 'updatedAt',
    order: query.get('order') === 'asc' ? 'asc' : 'desc',
  }
  if (status && STATUSES.includes(status)) input.status = status
  if (edition && EDITIONS.includes(edition)) input.edition = edition
  const category = query.get('category')
  if (category) input.category = category
  const q = query.get('q')?.trim()
  if (q) input.q = q.slice(0, 100)
  return input
}

function searchOf(input: ListArticlesInput): string {
  const query = new URLSearchParams()
  if (input.pageNo && input.pageNo > 1) query.set('page', String(input.pageNo))
  if (input.sort && input.sort !== 'updatedAt') query.set('sort', input.sort)
  if (input.order === 'asc') query.set('order', 'asc')
  for (const key of ['status', 'edition', 'category', 'q'] as const) if (input[key]) query.set(key, input[key])
  const text = query.toString()
  return text ? `?${text}` : ''
}

/** listBulletins / listNews: every status and language, paged, filtered and sorted on the server. */
export function ArticleList({ kind }: { kind: ArticleKind }) {
  const t = useStaffT()
  const { navigate, href, locale } = useStaff()
  const input = articleListQuery(useSearch())
  const { data, error, isLoading, isValidating } = useArticleList(kind, input)
  const { data: categories } = useDict(KIND_DICTS[kind].category[0], input.edition ?? locale)
  const [q, setQ] = useState(input.q ?? '')
  const qId = useId()
  const base = `/staff/${kind}`
  // The box follows the address (Back, a link) without an effect: reset while rendering when the query changed.
  const [qShown, setQShown] = useState(input.q)
  if (qShown !== input.q) {
    setQShown(input.q)
    setQ(input.q ?? '')
  }

  const go = (next: Partial<ListArticlesInput>, resetPage = true) => {
    const merged: ListArticlesInput = { ...input, ...(resetPage ? { pageNo: 1 } : {}), ...next }
    for (const key of ['status', 'edition', 'category', 'q'] as const) if (!merged[key]) delete merged[key]
    navigate(`${base}${searchOf(merged)}`)
  }
  const sortBy = (sort: ArticleSort) =>
    go({ sort, order: input.sort === sort ? (input.order === 'asc' ? 'desc' : 'asc') : sort === 'title' ? 'asc' : 'desc' })
  const submitSearch = (event: FormEvent) => {
    event.preventDefault()
    go({ q: q.trim() || undefined })
  }
  const link = (path: string, children: string, className?: string) => (
    <a
      className={className}
      href={href(path)}
      onClick={(event) => {
        if (!isPlainClick(event)) return
        event.preventDefault()
        navigate(path)
      }}
    >
      {children}
    </a>
  )
  const sortHeader = (sort: ArticleSort, label: string) => {
    const active = input.sort === sort
    return (
      <th scope="col" aria-sort={active ? (input.order === 'asc' ? 'ascending' : 'descending') : undefined}>
        <button type="button" className="staff-sort" onClick={() => sortBy(sort)}>
          {label}
          <span aria-hidden="true">{active ? (input.order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
          <span className="visually-hidden">{t('staff.list.sortBy')}</span>
        </button>
      </th>
    )
  }
  const filter = (label: string, value: string | undefined, onChange: (next: string) => void, options: [string, string][]) => (
    <label className="staff-filter">
      <span className="field-label">{label}</span>
      <select className="select" value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('staff.list.any')}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  )

  return (
    <section className="staff-section" aria-labelledby="staff-list-title">
      <div className="staff-title-row">
        <h1 id="staff-list-title" className="staff-title" tabIndex={-1}>
          {t(`staff.articles.${kind}.title`)}
        </h1>
        {link(`${base}/new`, t(`staff.articles.${kind}.new`), 'button button-primary')}
      </div>
      <div className="staff-filters" role="search" aria-label={t('staff.list.filters')}>
        <form className="staff-filter-q" onSubmit={submitSearch}>
          <label htmlFor={qId} className="field-label">
            {t('staff.articles.q')}
          </label>
          <div className="staff-inline">
            <input id={qId} className="input" type="search" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} />
            <button type="submit" className="button button-secondary">
              {t('staff.list.search')}
            </button>
          </div>
        </form>
        {filter(
          t('staff.list.status'),
          input.status,
          (v) => go({ status: (v || undefined) as ContentStatus | undefined }),
          STATUSES.map((s) => [s, t(`staff.status.${s}`)]),
        )}
        {filter(
          t('staff.articles.edition'),
          input.edition,
          (v) => go({ edition: (v || undefined) as Edition | undefined }),
          EDITIONS.map((e) => [e, t(`staff.edition.${e}`)]),
        )}
        {filter(
          t(KIND_DICTS[kind].category[1]),
          input.category,
          (v) => go({ category: v || undefined }),
          (categories ?? []).map((c) => [c.dictValue, c.dictLabel]),
        )}
      </div>

      <p className="staff-count" aria-live="polite">
        {data ? t(`staff.articles.${kind}.count`, { count: data.count }) : isLoading ? t('staff.loading') : ''}
        {isValidating && data ? ` ${t('staff.loading')}` : ''}
      </p>
      {error && !data ? (
        <p role="alert" className="staff-error">
          {t('staff.list.failed')}
        </p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table" aria-busy={isLoading || undefined}>
            <caption className="visually-hidden">{t('staff.articles.caption')}</caption>
            <thead>
              <tr>
                {sortHeader('id', t('staff.field.id'))}
                {sortHeader('title', t('staff.field.title'))}
                <th scope="col">{t(KIND_DICTS[kind].category[1])}</th>
                <th scope="col">{t('staff.list.status')}</th>
                <th scope="col">{t('staff.articles.edition')}</th>
                {sortHeader('publishDate', t('staff.field.publishDate'))}
                {sortHeader('updatedAt', t('staff.list.updatedAt'))}
              </tr>
            </thead>
            <tbody>
              {data?.list.map((item) => (
                <tr key={item.id}>
                  <td className="staff-mono">{item.id}</td>
                  <td>{link(`${base}/${item.id}`, item.title)}</td>
                  <td>{categories?.find((c) => c.dictValue === item.category)?.dictLabel ?? item.category}</td>
                  <td>
                    <StatusBadge status={item.status} publishAt={item.publishAt} />
                  </td>
                  <td>{t(`staff.edition.${item.edition}`)}</td>
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
                    {t('staff.articles.empty')}
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
          hrefFor={(page) => href(`${base}${searchOf({ ...input, pageNo: page })}`)}
          onNavigate={(target) => go({ pageNo: Number(new URL(target, 'http://x').searchParams.get('page') ?? 1) }, false)}
        />
      )}
    </section>
  )
}
