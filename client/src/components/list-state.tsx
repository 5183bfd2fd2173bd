import type { ReactNode } from 'react'
import { LoadError } from './state-message'

interface Props<D, T> {
  /** The list's swr answer: what was loaded, its failure, and a way to load it again. */
  state: { data?: D; error?: unknown; mutate: () => unknown }
  /** The rows of a loaded answer. */
  rows: (data: D) => readonly T[]
  /** Placeholders in the final layout, shown until the first answer. */
  skeleton: ReactNode
  /** What an answer with no rows shows. */
  empty: ReactNode
  children: (rows: readonly T[]) => ReactNode
}

/**
 * The states every list shows in its place: a failed first load with a retry,
 * placeholders until the first answer, the empty message, or the rows. A
 * reload keeps the rows it has, so a failed refresh does not blank the list.
 */
export function ListState<D, T>({ state, rows, skeleton, empty, children }: Props<D, T>) {
  const { data, error, mutate } = state
  if (data === undefined) return error ? <LoadError onRetry={() => void mutate()} /> : <>{skeleton}</>
  const list = rows(data)
  return <>{list.length === 0 ? empty : children(list)}</>
}
