import { deleteReport, publishReport, STATUSES, unpublishReport, useReportList, type ContentStatus, type ReportSort } from '../api/reports'
import { useBulkActions } from './bulk-actions'
import { useCategories } from '../api/categories'
import { useContentColumns } from './content-columns'
import { CategoryFilter, statusFilter } from './content-filters'
import { oneOf, text, useAddressList, type ListSpec } from '../kit/list-address'
import { ConsoleLink } from '../kit/list-controls'
import { ListFrame } from '../kit/list-frame'
import { useMay, useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'

const REPORTS: ListSpec<ReportSort, { status: ContentStatus; category: string; q: string }> = {
  words: 'staff.list',
  sorts: ['updatedAt', 'publishDate', 'title', 'code'],
  ascendingFirst: ['title', 'code'],
  filters: { status: oneOf(STATUSES), category: text(64), q: text(100) },
  bar: { label: 'staff.list.filters', fields: [{ key: 'q', kind: 'search', label: 'staff.list.q' }, statusFilter] },
}

type Row = NonNullable<ReturnType<typeof useReportList>['data']>['list'][number]

const reportPath = (item: Row) => `/staff/reports/${encodeURIComponent(item.code)}`

/** listReports: every status and language, paged, filtered and sorted on the server. */
export function ReportList() {
  const t = useStaffT()
  const { locale } = useStaff()
  const may = useMay()
  const list = useAddressList(REPORTS, '/staff/reports')
  const { state: input, go, sortable } = list
  const result = useReportList(input)
  const { data: categories } = useCategories(locale)
  const categoryLabel = t('staff.field.category')
  const bulk = useBulkActions<Row>({
    rows: result.data?.list,
    keyOf: (item) => item.code,
    listKey: 'staff/reports',
    area: 'reports',
    ops: {
      publish: (item) => publishReport(item.code, item.version),
      unpublish: (item) => unpublishReport(item.code, item.version),
      remove: (item) => deleteReport(item.code, item.version),
    },
  })
  const columns = useContentColumns<Row>({
    select: bulk.column,
    sortable,
    pathOf: reportPath,
    categoryLabel,
    categories,
    own: {
      key: { label: t('staff.field.code'), sort: sortable('code'), className: 'staff-mono', cell: (item) => item.code },
      languages: { label: t('staff.list.langs'), cell: (item) => item.langs.join(' · ') },
    },
  })

  return (
    <ListFrame
      list={list}
      result={result}
      columns={columns}
      rowKey={(item) => item.code}
      summary={bulk.bar}
      actions={
        may('reports.write') && (
          <ConsoleLink path="/staff/reports/new" className="button button-primary">
            {t('staff.list.new')}
          </ConsoleLink>
        )
      }
      filters={list.filterBar(
        <CategoryFilter label={categoryLabel} value={input.category} categories={categories} onChange={(category) => go({ category })} />,
      )}
    />
  )
}
