import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '../../../lib/api-client'
import { localizePath } from '../../../lib/locale'
import { STAFF_VERSION_CONFLICT } from '../../../lib/staff-api-client'
import { showToast } from '../../../lib/toast'
import { addRequestNote, REQUEST_STATUSES, updateRequest, useRequest, type RequestStatus, type StaffRequest } from '../api/requests'
import { ORDER_STATES, type OrderState } from '../api/orders'
import { formatDateTime } from '../kit/format'
import { useStaff } from '../kit/staff-context'
import { DeskPage } from '../kit/desk-page'
import { ConsoleLink } from '../kit/list-controls'
import { staffMay } from '@rpt/contract/staff-permissions'
import { useAttempt } from '../kit/use-attempt'
import { RequestSample } from './request-sample'
import { useStaffT } from '../kit/use-staff-t'
import '../kit/staff-desk.css'

/** getRequest: what the visitor sent (as text), the report, their account and orders; the workflow, notes and history. */
export function RequestPage({ id }: { id: string }) {
  const t = useStaffT()
  const { locale, staff } = useStaff()
  const result = useRequest(id)
  // The account's page, for the roles that read customers.
  const customers = staffMay(staff.role, 'customers.read')
  const { mutate } = result

  return (
    <DeskPage
      words="staff.requests"
      back="/staff/requests"
      result={result}
      title={(data) => t('staff.requests.pageTitle', { id: data.id, company: data.sent.company || data.sent.name })}
    >
      {(data) => {
        const sent = data.sent
        return (
          <>
            <p className="staff-meta">
              {t(`staff.requests.type.${data.type}`)} · {formatDateTime(data.createdAt, locale)} · {data.lang}
            </p>

            <div className="staff-desk-columns">
              <section className="staff-fieldset" aria-labelledby="staff-request-sent">
                <h2 id="staff-request-sent">{t('staff.requests.sentTitle')}</h2>
                <dl className="staff-facts">
                  {(['company', 'position', 'name', 'phone', 'email'] as const).map((field) => (
                    <div key={field}>
                      <dt>{t(`staff.requests.field.${field}`)}</dt>
                      <dd>{sent[field] || '—'}</dd>
                    </div>
                  ))}
                  {sent.reportPrice !== null && (
                    <div>
                      <dt>{t('staff.requests.field.price')}</dt>
                      <dd>{sent.reportPrice}</dd>
                    </div>
                  )}
                </dl>
                {/* Plain text from a visitor: rendered as text, never as markup. */}
                <p className="staff-demand">{sent.demand}</p>
                {data.report && (
                  <p>
                    {t('staff.requests.about')}:{' '}
                    <a
                      href={localizePath(data.report.lang === 'en-US' ? 'en-US' : 'zh-CN', `/reports/${data.report.slug}`)}
                      target="_blank"
                      rel="noreferrer"
                    >
                      {data.report.title}
                    </a>{' '}
                    <span className="staff-mono muted">{data.report.code}</span>
                  </p>
                )}
              </section>
              <Workflow request={data} onChanged={(next) => void mutate(next, { revalidate: false })} onStale={() => void mutate()} />
            </div>

            {data.sample && <RequestSample sample={data.sample} />}

            <section className="staff-fieldset staff-desk-section" aria-labelledby="staff-request-account">
              <h2 id="staff-request-account">{t('staff.requests.accountTitle')}</h2>
              {data.account ? (
                <>
                  <p>
                    {customers ? (
                      <ConsoleLink path={`/staff/customers/${data.account.id}`}>{data.account.loginCode}</ConsoleLink>
                    ) : (
                      data.account.loginCode
                    )}{' '}
                    · {data.account.name} · {data.account.company} · {data.account.email} · {data.account.phone}
                  </p>
                  {data.orders.length > 0 ? (
                    <div className="staff-table-wrap">
                      <table className="staff-table">
                        <caption className="visually-hidden">{t('staff.requests.ordersTitle')}</caption>
                        <thead>
                          <tr>
                            <th scope="col">{t('staff.requests.order.no')}</th>
                            <th scope="col">{t('staff.requests.order.title')}</th>
                            <th scope="col">{t('staff.requests.order.amount')}</th>
                            <th scope="col">{t('staff.list.status')}</th>
                            <th scope="col">{t('staff.requests.sent')}</th>
                          </tr>
                        </thead>
                        <tbody>
                          {data.orders.map((order) => (
                            <tr key={order.orderNo}>
                              <td className="staff-mono">{order.orderNo}</td>
                              <td>{order.title}</td>
                              <td className="staff-num">
                                {order.amount.toFixed(2)} {order.currency}
                              </td>
                              <td>
                                {ORDER_STATES.includes(order.status as OrderState)
                                  ? t(`staff.orders.state.${order.status as OrderState}`)
                                  : order.status}
                              </td>
                              <td className="staff-num">{formatDateTime(order.createdAt, locale)}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  ) : (
                    <p className="muted">{t('staff.requests.noOrders')}</p>
                  )}
                </>
              ) : (
                <p className="muted">{t('staff.requests.noAccount')}</p>
              )}
            </section>

            <Notes request={data} onAdded={() => void mutate()} />

            <section className="staff-fieldset staff-desk-section" aria-labelledby="staff-request-history">
              <h2 id="staff-request-history">{t('staff.requests.historyTitle')}</h2>
              <ol className="staff-timeline">
                {data.history.map((entry) => (
                  <li key={entry.version}>
                    <span className="staff-num">{formatDateTime(entry.at, locale)}</span> · {entry.actor ?? t('staff.requests.visitor')} ·{' '}
                    {t(`staff.requests.status.${entry.status}`)}
                    {entry.assignee ? ` · ${entry.assignee}` : ''}
                    {entry.lostReason ? ` · ${entry.lostReason}` : ''}
                  </li>
                ))}
              </ol>
            </section>
          </>
        )
      }}
    </DeskPage>
  )
}

function Workflow({
  request,
  onChanged,
  onStale,
}: {
  request: StaffRequest
  onChanged: (next: StaffRequest) => void
  onStale: () => void
}) {
  const t = useStaffT()
  const { staff } = useStaff()
  const [status, setStatus] = useState<RequestStatus>(request.status)
  const [reason, setReason] = useState(request.lostReason ?? '')
  const { pending, failure, attempt } = useAttempt(t('staff.requests.saveFailed'))
  const statusId = useId()
  const reasonId = useId()

  const save = (change: Parameters<typeof updateRequest>[2]) =>
    attempt(
      async () => {
        onChanged(await updateRequest(request.id, request.version, change))
        showToast(t('staff.requests.saved'), 'success')
      },
      (error) => {
        if (error instanceof ApiError && error.code === STAFF_VERSION_CONFLICT) onStale()
      },
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save(status === 'lost' ? { status, lostReason: reason.trim() } : { status })
  }
  const mine = request.assignee === staff.name

  return (
    <form className="staff-fieldset staff-desk-form" aria-labelledby="staff-request-workflow" onSubmit={submit}>
      <h2 id="staff-request-workflow">{t('staff.requests.workflowTitle')}</h2>
      <p>
        {t('staff.requests.assignee')}: {request.assignee ?? t('staff.requests.assignee.none')}{' '}
        <button
          type="button"
          className="button button-secondary"
          disabled={pending}
          onClick={() => void save({ assignee: mine ? null : staff.name })}
        >
          {mine ? t('staff.requests.unassign') : t('staff.requests.assignMe')}
        </button>
      </p>
      <label htmlFor={statusId} className="field-label">
        {t('staff.list.status')}
      </label>
      <select id={statusId} className="select" value={status} onChange={(e) => setStatus(e.target.value as RequestStatus)}>
        {REQUEST_STATUSES.map((value) => (
          <option key={value} value={value}>
            {t(`staff.requests.status.${value}`)}
          </option>
        ))}
      </select>
      {status === 'lost' && (
        <>
          <label htmlFor={reasonId} className="field-label">
            {t('staff.requests.lostReason')}
          </label>
          <input id={reasonId} className="input" required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </>
      )}
      {failure && (
        <p role="alert" className="staff-banner staff-banner-error">
          {failure}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={pending || (status === request.status && status !== 'lost')}>
        {pending ? t('staff.actions.working') : t('staff.requests.saveStatus')}
      </button>
    </form>
  )
}

function Notes({ request, onAdded }: { request: StaffRequest; onAdded: () => void }) {
  const t = useStaffT()
  const { locale } = useStaff()
  const [body, setBody] = useState('')
  const { pending, failure, attempt } = useAttempt(t('staff.requests.saveFailed'))
  const noteId = useId()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!body.trim()) return
    await attempt(async () => {
      await addRequestNote(request.id, body.trim())
      setBody('')
      onAdded()
    })
  }
  return (
    <section className="staff-fieldset staff-desk-section" aria-labelledby="staff-request-notes">
      <h2 id="staff-request-notes">{t('staff.requests.notesTitle')}</h2>
      {request.notes.length === 0 ? (
        <p className="muted">{t('staff.requests.noNotes')}</p>
      ) : (
        <ol className="staff-timeline">
          {request.notes.map((note) => (
            <li key={note.id}>
              <p className="staff-meta">
                {note.author} · {formatDateTime(note.at, locale)}
              </p>
              <p className="staff-demand">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="staff-desk-form" onSubmit={(event) => void submit(event)}>
        <label htmlFor={noteId} className="field-label">
          {t('staff.requests.addNote')}
        </label>
        <textarea id={noteId} className="input" rows={3} maxLength={10_000} value={body} onChange={(e) => setBody(e.target.value)} />
        {failure && (
          <p role="alert" className="staff-banner staff-banner-error">
            {failure}
          </p>
        )}
        <button type="submit" className="button button-secondary" disabled={pending || !body.trim()}>
          {pending ? t('staff.actions.working') : t('staff.requests.addNoteSubmit')}
        </button>
      </form>
    </section>
  )
}
