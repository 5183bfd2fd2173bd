import type { ReactNode } from 'react'
import { useT } from '../lib/use-t'
import { ListState } from './list-state'
import { Pagination } from './pagination'

interface Props<D, T> {
  /** The page's swr answer. */
  state: { data?: D; error?: unknown; mutate: () => unknown }
  rows: (data: D) => readonly T[]
  /** How many rows all pages hold. */
  total: (data: D) => number
  page: number
  pageSize: number
  /** The link of a page number: pages are real links so they can be shared. */
  hrefFor: (page: number) => string
  onNavigate: (href: string) => void
  skeleton: ReactNode
  empty: ReactNode
  children: (rows: readonly T[]) => ReactNode
}

/** One page of a paged list in its states (see ListState), with the page links under it once loaded. */
export function PagedList<D, T>({ state, rows, total, page, pageSize, hrefFor, onNavigate, skeleton, empty, children }: Props<D, T>) {
  return (
    <>
      <ListState state={state} rows={rows} skeleton={skeleton} empty={empty}>
        {children}
      </ListState>
      {state.data !== undefined && (
        <Pagination page={page} pageSize={pageSize} total={total(state.data)} hrefFor={hrefFor} onNavigate={onNavigate} />
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
