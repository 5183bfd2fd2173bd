import { useAudit } from '../api/audit'
import { actionLabel } from './action-label'
import { formatDateTime } from '../kit/format'
import { text, useAddressList, type ListSpec } from '../kit/list-address'
import { TextFilters } from '../kit/list-controls'
import { ListFrame } from '../kit/list-frame'
import { useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'

// Newest first, always: the server orders it.
const AUDIT: ListSpec<never, { actor: string; action: string; target: string }> = {
  words: 'staff.audit',
  sorts: [],
  filters: { actor: text(64), action: text(40), target: text(64) },
}

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2))

/** listAudit: every staff write, newest first, filtered by who, what and on which record. */
export function AuditView() {
  const t = useStaffT()
  const { locale } = useStaff()
  const list = useAddressList(AUDIT, '/staff/audit')
  const { state: input, go } = list
  const result = useAudit(input)

  return (
    <ListFrame
      list={list}
      result={result}
      columns={[
        { label: t('staff.audit.at'), className: 'staff-num', cell: (entry) => formatDateTime(entry.at, locale) },
        { label: t('staff.audit.actor'), cell: (entry) => entry.actor },
        {
          label: t('staff.audit.action'),
          // The words, and the code the filter matches under them.
          cell: (entry) => (
            <>
              {actionLabel(t, entry.action)}
              <span className="staff-code-line">{entry.action}</span>
            </>
          ),
        },
        { label: t('staff.audit.target'), className: 'staff-mono', cell: (entry) => entry.target ?? '—' },
        { label: t('staff.audit.ip'), className: 'staff-mono', cell: (entry) => entry.ip ?? '—' },
        {
          label: t('staff.audit.change'),
          cell: (entry) => (
            <details className="staff-details">
              <summary>{t('staff.audit.show')}</summary>
              <div className="staff-before-after">
                <div>
                  <p className="staff-legend">{t('staff.audit.before')}</p>
                  <pre>{json(entry.before)}</pre>
                </div>
                <div>
                  <p className="staff-legend">{t('staff.audit.after')}</p>
                  <pre>{json(entry.after)}</pre>
                </div>
              </div>
            </details>
          ),
        },
      ]}
      rowKey={(entry) => entry.id}
      filters={
        <TextFilters
          label={t('staff.list.filters')}
          fields={[
            { key: 'actor', label: t('staff.audit.actor'), maxLength: 64 },
            { key: 'action', label: t('staff.audit.action'), maxLength: 40 },
            { key: 'target', label: t('staff.audit.target'), maxLength: 64 },
          ]}
          values={input}
          onSubmit={(values) => go(values)}
        />
      }
    />
  )
}
