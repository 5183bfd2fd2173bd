import type { ReactNode } from 'react'
import { DataTable, type Column } from './data-table'
import type { ListWords } from './list-address'
import { SectionHead, titleIdOf } from './section-head'
import { useStaffT } from './use-staff-t'

export type { Column }

/** What a list shows of its call (an SWR answer): the page, or why there is none yet. */
export interface ListResult<T> {
  data?: { count: number; list: T[] } | undefined
  error?: unknown
  isLoading: boolean
  isValidating?: boolean
}

interface ListFrameProps<T> {
  /** The list's words and pages (useAddressList) */
  list: { words: ListWords; pager: (total: number) => ReactNode; filterBar?: () => ReactNode }
  result: ListResult<T>
  columns: readonly Column<T>[]
  rowKey: (item: T) => string
  /** Beside the title: a "new" link, exports */
  actions?: ReactNode
  /** Above the filters: what needs a person first */
  banner?: ReactNode
  /** The filters, when the list does not declare its bar (ListSpec.bar) */
  filters?: ReactNode
  /** Between the filters and the count: totals of what the filters select */
  summary?: ReactNode
}

/** What every console list shows around its rows: title, filters, count, the table and its pages. */
export function ListFrame<T>({ list, result, columns, rowKey, ...parts }: ListFrameProps<T>) {
  const t = useStaffT()
  const { words, pager } = list
  const { data, isLoading } = result
  const titleId = titleIdOf(words)
  return (
    <section className="staff-section" aria-labelledby={titleId}>
      <SectionHead id={titleId} title={t(`${words}.title`)}>
        {parts.actions}
      </SectionHead>
      {parts.banner}
      {parts.filters ?? list.filterBar?.()}
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
      {data && pager(data.count)}
    </section>
  )
}
