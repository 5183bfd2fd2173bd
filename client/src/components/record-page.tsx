import type { ReactNode } from 'react'
import { useDocumentTitle } from '../lib/use-document-title'
import { Breadcrumb, type Crumb } from './breadcrumb'
import { isMissingRecord } from '../lib/missing-record'
import { RecordUnavailable } from './state-message'

interface Props<D> {
  /** The record's swr answer. */
  state: { data?: D; error?: unknown; isLoading: boolean; mutate: () => unknown }
  /** Missing whatever was loaded (say, no id in the address); otherwise a failure with nothing loaded shows instead of the page. */
  gone?: boolean
  /** The list the record belongs to: the breadcrumb's first step, and the way back when the record is missing. */
  list: { label: string; to: string; back: string }
  /** What a missing record says. */
  notFound: string
  /** The page's kind ("Report details"), after the record's title once loaded. */
  pageTitle: string
  titleOf: (record: D) => string
  /** The record's SEO title, which the server made the whole <title> of (a report's) */
  seoTitle?: string | undefined
  /** The breadcrumb's steps after the list: the record's category and title. */
  crumbs: (record: D) => Crumb[]
  /** The page under the breadcrumb; the record is undefined while it loads (an earlier one may fill the breadcrumb meanwhile). */
  children: (record: D | undefined) => ReactNode
}

/** A detail page (report, bulletin, news article): its title, breadcrumb and missing or failed states. */
export function RecordPage<D>({ state, gone = false, list, notFound, pageTitle, titleOf, seoTitle, crumbs, children }: Props<D>) {
  const { data, error, isLoading, mutate } = state
  useDocumentTitle(data ? `${titleOf(data)} - ${pageTitle}` : pageTitle, data ? seoTitle : undefined)
  if (gone || (error && !data)) {
    return (
      <RecordUnavailable
        missing={gone || isMissingRecord(error)}
        title={notFound}
        backTo={list.to}
        backLabel={list.back}
        onRetry={() => void mutate()}
      />
    )
  }
  return (
    <div className="container">
      <Breadcrumb items={[{ label: list.label, to: list.to }, ...(data ? crumbs(data) : [])]} />
      {children(isLoading ? undefined : data)}
    </div>
  )
}
