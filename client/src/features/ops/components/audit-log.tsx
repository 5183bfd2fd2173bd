import { TableHead } from '../../../components/table-head'
import { useAudit } from '../api/audit'
import type { OpsMessageId } from '../messages'
import { OpsLoad } from './ops-load'
import { useOpsT } from './use-ops-t'

const show = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value))

/** Who changed, purged or unblocked what, when and from where, newest first. */
export function AuditLog() {
  const t = useOpsT()
  const audit = useAudit(50)
  return (
    <section id="ops-audit" className="ops-section" aria-labelledby="ops-audit-title">
      <h2 id="ops-audit-title">{t('ops.audit.title')}</h2>
      <OpsLoad state={audit}>
        {(data) =>
          data.entries.length === 0 ? (
            <p className="muted">{t('ops.audit.empty')}</p>
          ) : (
            <div className="ops-table-wrap">
              <table className="ops-table">
                <TableHead
                  columns={(['time', 'operator', 'action', 'address', 'before', 'after'] as const).map((column) =>
                    t(`ops.audit.${column}`),
                  )}
                />
                <tbody>
                  {data.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td>
                        <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
                      </td>
                      <td>{entry.operator}</td>
                      <td>{t(`ops.audit.action.${entry.action}` as OpsMessageId)}</td>
                      <td>{entry.address}</td>
                      <td>
                        <code>{show(entry.before)}</code>
                      </td>
                      <td>
                        <code>{show(entry.after)}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </OpsLoad>
    </section>
  )
}
