import type { ReactNode } from 'react'
import { DataTable, type Column } from './data-table'
import { useStaffT } from './use-staff-t'

export type { Column }

/** The lists' words: `<prefix>.title`, `.count`, `.caption` and `.empty` in messages/. */
export type ListWords =
  'staff.list' | 'staff.articles.bulletins' | 'staff.articles.news' | 'staff.requests' | 'staff.orders' | 'staff.audit'

/** What a list shows of its call (an SWR answer): the page, or why there is none yet. */
export interface ListResult<T> {
  data?: { count: number; list: T[] } | undefined
  error?: unknown
  isLoading: boolean
  isValidating?: boolean
}

interface ListFrameProps<T> {
  words: ListWords
  result: ListResult<T>
  columns: readonly Column<T>[]
  rowKey: (item: T) => string
  /** Below the table: useAddressList's pager */
  pager?: (total: number) => ReactNode
  /** Beside the title: a "new" link, exports */
  actions?: ReactNode
  /** Above the filters: what needs a person first */
  banner?: ReactNode
  filters: ReactNode
  /** Between the filters and the count: totals of what the filters select */
  summary?: ReactNode
}

/** What every console list shows around its rows: title, filters, count, the table and its pages. */
export function ListFrame<T>({ words, result, columns, rowKey, pager, ...parts }: ListFrameProps<T>) {
  const t = useStaffT()
  const { data, isLoading } = result
  const titleId = `${words.replaceAll('.', '-')}-title`
  return (
    <section className="staff-section" aria-labelledby={titleId}>
      <div className="staff-title-row">
        <h1 id={titleId} className="staff-title" tabIndex={-1}>
          {t(`${words}.title`)}
        </h1>
        {parts.actions}
      </div>
      {parts.banner}
      {parts.filters}
      {parts.summary}
      <p className="staff-count" aria-live="polite">
        {data ? t(`${words}.count`, { count: data.count }) : isLoading ? t('staff.loading') : ''}
        {result.isValidating && data ? ` ${t('staff.loading')}` : ''}
      </p>
      {result.error && !data ? (
        <p role="alert" className="staff-error">
          {t('staff.list.failed')}
        </p>
      ) : (
        <DataTable
          caption={t(`${words}.caption`)}
          columns={columns}
          rows={data?.list ?? []}
          rowKey={rowKey}
          empty={data ? t(`${words}.empty`) : ''}
          busy={isLoading}
          rowLinks
        />
      )}
      {data && pager?.(data.count)}
    </section>
  )
}
