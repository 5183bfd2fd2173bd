import { STATUSES, useReportList, type ContentStatus, type ReportSort } from '../api/reports'
import { useCategories } from '../api/categories'
import { useContentColumns } from './content-columns'
import { oneOf, text, useAddressList, type ListSpec } from '../kit/list-address'
import { ConsoleLink, FilterSelect, SearchBox } from '../kit/list-controls'
import { ListFrame } from '../kit/list-frame'
import { useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'

const REPORTS: ListSpec<ReportSort, { status: ContentStatus; category: string; q: string }> = {
  words: 'staff.list',
  sorts: ['updatedAt', 'publishDate', 'title', 'code'],
  ascendingFirst: ['title', 'code'],
  filters: { status: oneOf(STATUSES), category: text(64), q: text(100) },
}

type Row = NonNullable<ReturnType<typeof useReportList>['data']>['list'][number]

const reportPath = (item: Row) => `/staff/reports/${encodeURIComponent(item.code)}`

/** listReports: every status and language, paged, filtered and sorted on the server. */
export function ReportList() {
  const t = useStaffT()
  const { locale } = useStaff()
  const list = useAddressList(REPORTS, '/staff/reports')
  const { state: input, go, sortable } = list
  const result = useReportList(input)
  const { data: categories } = useCategories(locale)
  const categoryLabel = t('staff.field.category')
  const { title, rest, dates } = useContentColumns<Row>({ sortable, pathOf: reportPath, categoryLabel, categories })

  return (
    <ListFrame
      list={list}
      result={result}
      columns={[
        { label: t('staff.field.code'), sort: sortable('code'), className: 'staff-mono', cell: (item) => item.code },
        title,
        ...rest,
        { label: t('staff.list.langs'), cell: (item) => item.langs.join(' · ') },
        ...dates,
      ]}
      rowKey={(item) => item.code}
      actions={
        <ConsoleLink path="/staff/reports/new" className="button button-primary">
          {t('staff.list.new')}
        </ConsoleLink>
      }
      filters={
        <div className="staff-filters" role="search" aria-label={t('staff.list.filters')}>
          <SearchBox label={t('staff.list.q')} value={input.q} onSearch={(q) => go({ q })} />
          <FilterSelect
            label={t('staff.list.status')}
            value={input.status}
            options={STATUSES.map((status) => ({ value: status, label: t(`staff.status.${status}`) }))}
            onChange={(status) => go({ status })}
          />
          <FilterSelect
            label={categoryLabel}
            value={input.category}
            options={(categories ?? []).map((item) => ({ value: item.dictValue, label: item.dictLabel }))}
            onChange={(category) => go({ category })}
          />
        </div>
      }
    />
  )
}
