import { useState, type FormEvent } from 'react'
import { useAudit, type AuditInput } from '../api/audit'
import { formatDateTime } from './format'
import { useStaff } from './staff-context'
import { useStaffT } from './use-staff-t'

const PAGE_SIZE = 20
const FILTERS = ['actor', 'action', 'target'] as const
type Filter = (typeof FILTERS)[number]

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2))

/** listAudit: every staff write, newest first, filtered by who, what and on which record. */
export function AuditView() {
  const t = useStaffT()
  const { locale } = useStaff()
  const [draft, setDraft] = useState<Record<Filter, string>>({ actor: '', action: '', target: '' })
  const [input, setInput] = useState<AuditInput>({ pageNo: 1, pageSize: PAGE_SIZE })
  const { data, error, isLoading } = useAudit(input)
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1
  const page = input.pageNo ?? 1

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next: AuditInput = { pageNo: 1, pageSize: PAGE_SIZE }
    for (const name of FILTERS) if (draft[name].trim()) next[name] = draft[name].trim()
    setInput(next)
  }

  return (
    <section className="staff-section" aria-labelledby="staff-audit-title">
      <h1 id="staff-audit-title" className="staff-title" tabIndex={-1}>
        {t('staff.audit.title')}
      </h1>
      <form className="staff-filters" role="search" aria-label={t('staff.list.filters')} onSubmit={submit}>
        {FILTERS.map((name) => (
          <label key={name} className="staff-filter">
            <span className="field-label">{t(`staff.audit.${name}`)}</span>
            <input
              className="input"
              maxLength={name === 'action' ? 40 : 64}
              value={draft[name]}
              onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
            />
          </label>
        ))}
        <button type="submit" className="button button-secondary staff-filter-submit">
          {t('staff.list.search')}
        </button>
      </form>
      <p className="staff-count" aria-live="polite">
        {data ? t('staff.list.count', { count: data.count }) : isLoading ? t('staff.loading') : ''}
      </p>
      {error && !data && (
        <p role="alert" className="staff-error">
          {t('staff.list.failed')}
        </p>
      )}
      <div className="staff-table-wrap">
        <table className="staff-table">
          <caption className="visually-hidden">{t('staff.audit.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('staff.audit.at')}</th>
              <th scope="col">{t('staff.audit.actor')}</th>
              <th scope="col">{t('staff.audit.action')}</th>
              <th scope="col">{t('staff.audit.target')}</th>
              <th scope="col">{t('staff.audit.ip')}</th>
              <th scope="col">{t('staff.audit.change')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.list.map((entry) => (
              <tr key={entry.id}>
                <td className="staff-num">{formatDateTime(entry.at, locale)}</td>
                <td>{entry.actor}</td>
                <td className="staff-mono">{entry.action}</td>
                <td className="staff-mono">{entry.target ?? '—'}</td>
                <td className="staff-mono">{entry.ip ?? '—'}</td>
                <td>
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
                </td>
              </tr>
            ))}
            {data?.list.length === 0 && (
              <tr>
                <td colSpan={6} className="staff-empty">
                  {t('staff.audit.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className="staff-pager" aria-label={t('staff.audit.pages')}>
          <button
            type="button"
            className="button button-secondary"
            disabled={page <= 1}
            onClick={() => setInput({ ...input, pageNo: page - 1 })}
          >
            {t('staff.prev')}
          </button>
          <span className="staff-num">{t('staff.pageOf', { page, pages })}</span>
          <button
            type="button"
            className="button button-secondary"
            disabled={page >= pages}
            onClick={() => setInput({ ...input, pageNo: page + 1 })}
          >
            {t('staff.next')}
          </button>
        </nav>
      )}
    </section>
  )
}
