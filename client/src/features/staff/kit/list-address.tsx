import type { ReactNode } from 'react'
import { useSearch } from 'wouter'
import { Pagination } from '../../../components/pagination'
import { FilterBar, type FilterBarSpec } from './filter-bar'
import { SortHeader } from './list-controls'
import { useStaff } from './staff-context'

/** The lists' words in messages/. */
export type ListWords =
  | 'staff.list'
  | 'staff.articles.bulletins'
  | 'staff.articles.news'
  | 'staff.requests'
  | 'staff.orders'
  | 'staff.audit'
  | 'staff.customers'
  | 'staff.media'

// A console list's state lives in its address (page, sort, order, filters),
// so a list can be shared and Back returns to it. Each list declares what its
// address may hold; this reads it, writes it and moves between states.

export const PAGE_SIZE = 20

/** Each filter's check of its value in the address: the value kept, or undefined to drop it. */
export type FilterChecks<F> = { [K in keyof F]-?: (raw: string) => F[K] | undefined }

export interface ListSpec<S extends string, F extends object> {
  /** `<words>.title`, `.count`, `.caption` and `.empty` in messages/ */
  words: ListWords
  /** The sortable columns; none for a list the server orders itself. */
  sorts: readonly S[]
  defaultSort?: S
  /** Columns a first click sorts A–Z (names); the others start newest or largest first. */
  ascendingFirst?: readonly S[]
  filters: FilterChecks<F>
  /** The filter bar ListFrame draws, from these words and choices (filter-bar.tsx) */
  bar?: FilterBarSpec<keyof F & string>
}

export type ListState<S extends string, F extends object> = {
  pageNo: number
  pageSize: number
  sort?: S
  order?: 'asc' | 'desc'
} & Partial<F>

export const oneOf =
  <V extends string>(values: readonly V[]) =>
  (raw: string): V | undefined =>
    values.includes(raw as V) ? (raw as V) : undefined

/** Free text, trimmed and cut to the length the call takes. */
export const text =
  (max: number) =>
  (raw: string): string | undefined =>
    raw.trim().slice(0, max) || undefined

export const matching =
  (pattern: RegExp) =>
  (raw: string): string | undefined =>
    pattern.test(raw) ? raw : undefined

/** A day as a date input gives it (yyyy-mm-dd). */
export const day = matching(/^\d{4}-\d{2}-\d{2}$/)

export function readList<S extends string, F extends object>(spec: ListSpec<S, F>, search: string): ListState<S, F> {
  const query = new URLSearchParams(search)
  const page = Number(query.get('page'))
  const state: ListState<S, F> = { pageNo: Number.isInteger(page) && page > 0 ? page : 1, pageSize: PAGE_SIZE } as ListState<S, F>
  if (spec.sorts.length > 0) {
    const sort = query.get('sort') as S | null
    state.sort = sort && spec.sorts.includes(sort) ? sort : (spec.defaultSort ?? spec.sorts[0])
    state.order = query.get('order') === 'asc' ? 'asc' : 'desc'
  }
  for (const key of Object.keys(spec.filters) as Array<keyof F>) {
    const raw = query.get(String(key))
    const value = raw === null ? undefined : spec.filters[key](raw)
    if (value !== undefined) (state as Partial<F>)[key] = value
  }
  return state
}

/** The address of a state: page, sort and order when not the defaults, then the filters that are set. */
export function searchOf<S extends string, F extends object>(spec: ListSpec<S, F>, state: ListState<S, F>): string {
  const query = new URLSearchParams()
  if (state.pageNo > 1) query.set('page', String(state.pageNo))
  if (state.sort && state.sort !== (spec.defaultSort ?? spec.sorts[0])) query.set('sort', state.sort)
  if (state.order === 'asc') query.set('order', 'asc')
  for (const key of Object.keys(spec.filters) as Array<keyof F>) {
    const value = (state as Partial<F>)[key]
    if (value !== undefined && value !== '') query.set(String(key), String(value))
  }
  const written = query.toString()
  return written ? `?${written}` : ''
}

/** The list at `path`: its state from the address, and the ways to a next one. */
export function useAddressList<S extends string, F extends object>(spec: ListSpec<S, F>, path: string) {
  const { navigate, href } = useStaff()
  const state = readList(spec, useSearch())
  const go = (next: Partial<ListState<S, F>>, resetPage = true) =>
    navigate(`${path}${searchOf(spec, { ...state, ...(resetPage ? { pageNo: 1 } : {}), ...next })}`)
  // The same column again reverses it; a new one starts as its kind reads best.
  const sortBy = (sort: S) =>
    go({
      sort,
      order: state.sort === sort ? (state.order === 'asc' ? 'desc' : 'asc') : spec.ascendingFirst?.includes(sort) ? 'asc' : 'desc',
    } as Partial<ListState<S, F>>)
  /** A column's sortable header, for ListFrame's columns */
  const sortable = (sort: S) => (label: string) => <SortHeader sort={sort} label={label} current={state} onSort={sortBy} />
  const pager = (total: number) => (
    <Pagination
      page={state.pageNo}
      pageSize={PAGE_SIZE}
      total={total}
      hrefFor={(page) => href(`${path}${searchOf(spec, { ...state, pageNo: page })}`)}
      onNavigate={(target) =>
        go({ pageNo: Number(new URL(target, 'http://x').searchParams.get('page') ?? 1) } as Partial<ListState<S, F>>, false)
      }
    />
  )
  /** The declared filter bar (ListSpec.bar), with filters of choices read from a call after it */
  const filterBar = (extra?: ReactNode) =>
    spec.bar && (
      <FilterBar bar={spec.bar} values={state} onChange={(key, value) => go({ [key]: value } as Partial<ListState<S, F>>)}>
        {extra}
      </FilterBar>
    )
  return { words: spec.words, state, go, sortable, pager, filterBar }
}
