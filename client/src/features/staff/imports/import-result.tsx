import type { StaffImport } from '../api/imports'
import { DataTable } from '../kit/data-table'
import { ConsoleLink } from '../kit/list-controls'
import { useStaffT } from '../kit/use-staff-t'

type RowError = StaffImport['errors'][number]

/** What an import answered: its rows' errors as a table, or its progress and counts. */
export function ImportResult({ item }: { item: StaffImport }) {
  const t = useStaffT()
  const counts = { total: item.total, done: item.done, created: item.created, updated: item.updated }
  if (item.status === 'invalid')
    return (
      <div className="staff-import-result">
        <p role="alert" className="staff-banner staff-banner-error">
          {t('staff.import.invalid', { count: item.errors.length, total: item.total })}
        </p>
        <DataTable<RowError>
          caption={t('staff.import.errors')}
          columns={[
            { label: t('staff.import.row'), className: 'staff-num', cell: (error) => error.row },
            { label: t('staff.import.column'), className: 'staff-mono', cell: (error) => error.column || '—' },
            { label: t('staff.import.message'), cell: (error) => error.message },
          ]}
          rows={item.errors}
          rowKey={(error) => `${error.row}:${error.column}:${error.message}`}
        />
      </div>
    )
  if (item.status === 'failed')
    return (
      <p role="alert" className="staff-banner staff-banner-error">
        {t('staff.import.runFailed', { message: item.message ?? '' })}
      </p>
    )
  if (item.dryRun)
    return (
      <p role="status" className="staff-banner staff-banner-success">
        {t('staff.import.checked', counts)}
      </p>
    )
  const finished = item.status === 'done'
  return (
    <div className="staff-import-result" role="status">
      <div className="staff-progress-row">
        <progress max={Math.max(item.total, 1)} value={item.done} aria-label={t('staff.import.progress')}>
          {item.done}/{item.total}
        </progress>
        <span className="staff-num">{t('staff.import.doneOf', counts)}</span>
      </div>
      <p className={finished ? 'staff-banner staff-banner-success' : 'staff-meta'}>
        {t(finished ? 'staff.import.finished' : 'staff.import.running', counts)}
      </p>
      {finished && <ConsoleLink path="/staff/reports?sort=updatedAt&order=desc">{t('staff.import.toReports')}</ConsoleLink>}
    </div>
  )
}
