import type { ReactNode } from 'react'
import type { ContentStatus } from '../api/reports'
import type { Column } from '../kit/list-frame'
import { formatDateTime } from '../kit/format'
import { ConsoleLink } from '../kit/list-controls'
import { useStaff } from '../kit/staff-context'
import { StatusBadge } from '../kit/status-badge'
import { useStaffT } from '../kit/use-staff-t'

/** What the reports' and the articles' lists show of each row alike. */
interface ContentRow {
  title: string
  category: string
  status: ContentStatus
  publishAt: string | null
  publishDate: string
  updatedAt: string
  updatedBy: string | null
  /** An article's uploaded cover image, for its thumbnail */
  coverUrl?: string | undefined
}

type Sortable = (sort: 'title' | 'publishDate' | 'updatedAt') => (label: string) => ReactNode

interface ContentColumnsOptions<T> {
  sortable: Sortable
  /** The row's page in the console */
  pathOf: (item: T) => string
  categoryLabel: string
  categories: readonly { dictValue: string; dictLabel: string }[] | undefined
  /** The list's own columns: what names a row (code, id) and its languages */
  own: { key: Column<T>; languages: Column<T> }
  /** The boxes choosing rows for a bulk action, first, for the roles that have one */
  select?: Column<T> | undefined
  /** A column of cover thumbnails before the title (bulletins and news have covers, reports none) */
  covers?: boolean
}

/** The content lists' columns: their own (code or id, languages) among the title, category, status and dates. */
export function useContentColumns<T extends ContentRow>({
  sortable,
  pathOf,
  categoryLabel,
  categories,
  own,
  select,
  covers,
}: ContentColumnsOptions<T>) {
  const t = useStaffT()
  const { locale } = useStaff()
  const title: Column<T> = {
    label: t('staff.field.title'),
    sort: sortable('title'),
    cell: (item) => <ConsoleLink path={pathOf(item)}>{item.title}</ConsoleLink>,
  }
  // Decorative: the title beside it names the row.
  const cover: Column<T> = {
    label: t('staff.articles.cover'),
    cell: (item) =>
      item.coverUrl ? (
        <img className="staff-thumb staff-thumb-small" src={item.coverUrl} alt="" loading="lazy" width={48} height={36} />
      ) : null,
  }
  const rest: Column<T>[] = [
    { label: categoryLabel, cell: (item) => categories?.find((c) => c.dictValue === item.category)?.dictLabel ?? item.category },
    { label: t('staff.list.status'), cell: (item) => <StatusBadge status={item.status} publishAt={item.publishAt} /> },
  ]
  const dates: Column<T>[] = [
    { label: t('staff.field.publishDate'), sort: sortable('publishDate'), className: 'staff-num', cell: (item) => item.publishDate },
    {
      label: t('staff.list.updatedAt'),
      sort: sortable('updatedAt'),
      className: 'staff-num',
      cell: (item) => (
        <>
          {formatDateTime(item.updatedAt, locale)}
          {item.updatedBy ? <span className="muted"> · {item.updatedBy}</span> : null}
        </>
      ),
    },
  ]
  return [...(select ? [select] : []), own.key, ...(covers ? [cover] : []), title, ...rest, own.languages, ...dates]
}
