import { Fragment, type ReactNode } from 'react'
import { useT } from '../lib/use-t'
import { ListState } from './list-state'
import { Pagination } from './pagination'
import { SkeletonList } from './skeleton'
import { StateMessage } from './state-message'

/** Which page is shown, and the links to the others: pages are real links so they can be shared. */
export interface Paging {
  page: number
  size: number
  hrefFor: (page: number) => string
  onNavigate: (href: string) => void
}

interface Props<D, T> {
  /** The page's swr answer. */
  state: { data?: D; error?: unknown; mutate: () => unknown }
  /** The answer's rows on this page, and how many all pages hold. */
  select: (data: D) => { list: readonly T[]; count: number }
  paging: Paging
  skeleton: ReactNode
  empty: ReactNode
  children: (rows: readonly T[]) => ReactNode
}

/** One page of a paged list in its states (see ListState), with the page links under it once loaded. */
export function PagedList<D, T>({ state, select, paging, skeleton, empty, children }: Props<D, T>) {
  const { page, size, hrefFor, onNavigate } = paging
  return (
    <>
      <ListState state={state} rows={(data) => select(data).list} skeleton={skeleton} empty={empty}>
        {children}
      </ListState>
      {state.data !== undefined && (
        <Pagination page={page} pageSize={size} total={select(state.data).count} hrefFor={hrefFor} onNavigate={onNavigate} />
      )}
    </>
  )
}

/** The count of results above a public list, with the keyword searched for. */
export function ResultsHead({ count, keyword }: { count: number | undefined; keyword: string | undefined }) {
  const t = useT()
  return (
    <div className="list-head">
      <p className="list-count num" aria-live="polite">
        {count !== undefined ? t('common.results', { count }) : '\u00a0'}
      </p>
      {keyword && <span className="chip">{t('common.keywordFor', { keyword })}</span>}
    </div>
  )
}

interface ResultsProps<T> {
  state: { data?: { list: readonly T[]; count: number }; error?: unknown; mutate: () => unknown }
  paging: Paging
  keyword: string | undefined
  /** What an empty page says (with the hint to widen the search). */
  emptyTitle: string
  /** One result, as a list item. */
  children: (row: T) => ReactNode
}

/** A public list's results (bulletins, news): the count and keyword above, one item per row, the page links under them. */
export function SearchResults<T extends { id: string | number }>({ state, paging, keyword, emptyTitle, children }: ResultsProps<T>) {
  const t = useT()
  return (
    <section>
      <ResultsHead count={state.data?.count} keyword={keyword} />
      <PagedList
        state={state}
        select={(data) => data}
        paging={paging}
        skeleton={<SkeletonList rows={paging.size} />}
        empty={<StateMessage title={emptyTitle} text={t('reports.emptyHint')} />}
      >
        {(rows) => (
          <ul className="item-list">
            {rows.map((row) => (
              <Fragment key={row.id}>{children(row)}</Fragment>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  )
}
