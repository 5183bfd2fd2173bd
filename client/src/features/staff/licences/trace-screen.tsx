import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react'
import { traceFile, traceText, type TraceResult } from '../api/licences'
import { DataTable } from '../kit/data-table'
import { formatBytes, formatDateTime } from '../kit/format'
import { ConsoleLink } from '../kit/list-controls'
import { SectionHead } from '../kit/section-head'
import { failureText, useMay, useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'
import '../kit/staff-desk.css'
import './trace.css'

// traceFile (licences.trace): a leaked file, dropped or chosen (sent as the raw
// body with its own type), or text copied out of one; the answer names the
// order, buyer, seat holder and each download of that copy, or says that it
// carries no stamp this site made.

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'

export function TraceScreen() {
  const t = useStaffT()
  const fileId = useId()
  const textId = useId()
  const [file, setFile] = useState<File>()
  const [text, setText] = useState('')
  const [over, setOver] = useState(false)
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string>()
  const [result, setResult] = useState<TraceResult>()
  const resultRef = useRef<HTMLElement>(null)
  const abort = useRef<AbortController>(undefined)

  const run = async (work: () => Promise<TraceResult>) => {
    setPending(true)
    setFailure(undefined)
    setResult(undefined)
    try {
      setResult(await work())
      // The answer is what was asked for: the focus moves to it, as to a new page's heading.
      requestAnimationFrame(() => resultRef.current?.focus())
    } catch (error) {
      if (!isAbort(error)) setFailure(failureText(error, t('staff.trace.failed')))
    } finally {
      setPending(false)
    }
  }

  const sendFile = (chosen: File) => {
    setFile(chosen)
    abort.current = new AbortController()
    void run(() => traceFile(chosen, { signal: abort.current!.signal }))
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    const dropped = event.dataTransfer.files[0]
    if (dropped && !pending) sendFile(dropped)
  }
  const onText = (event: FormEvent) => {
    event.preventDefault()
    if (text.trim()) void run(() => traceText(text))
  }

  return (
    <section className="staff-section" aria-labelledby="staff-trace-title">
      <SectionHead id="staff-trace-title" title={t('staff.trace.title')} />
      <p className="staff-meta">{t('staff.trace.lead')}</p>
      <div className="staff-desk-columns">
        <div
          className={`staff-fieldset staff-trace-drop${over ? ' is-over' : ''}`}
          onDragOver={(event) => {
            event.preventDefault()
            setOver(true)
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
        >
          <h2 className="staff-subtitle">{t('staff.trace.fileTitle')}</h2>
          <p className="muted">{t('staff.trace.dropHint')}</p>
          <label htmlFor={fileId} className="field-label">
            {t('staff.trace.file')}
          </label>
          <input
            id={fileId}
            type="file"
            disabled={pending}
            onChange={(event) => {
              const chosen = event.target.files?.[0]
              if (chosen) sendFile(chosen)
            }}
          />
          {file && (
            <p className="staff-meta">
              {file.name} · {formatBytes(file.size)}
            </p>
          )}
          {pending && file && (
            <button type="button" className="button button-secondary" onClick={() => abort.current?.abort()}>
              {t('staff.cancel')}
            </button>
          )}
        </div>
        <form className="staff-fieldset staff-desk-form" onSubmit={onText}>
          <h2 className="staff-subtitle">{t('staff.trace.textTitle')}</h2>
          <label htmlFor={textId} className="field-label">
            {t('staff.trace.text')}
          </label>
          <textarea
            id={textId}
            className="input staff-trace-text"
            rows={6}
            maxLength={200000}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button button-primary" disabled={pending || !text.trim()}>
            {t('staff.trace.submit')}
          </button>
        </form>
      </div>
      <p role="status" className="staff-meta">
        {pending ? t('staff.trace.reading') : ''}
      </p>
      {failure && (
        <p role="alert" className="staff-banner staff-banner-error">
          {failure}
        </p>
      )}
      {result && (
        <section className="staff-fieldset staff-desk-section" aria-labelledby="staff-trace-result" ref={resultRef} tabIndex={-1}>
          <h2 id="staff-trace-result">{t('staff.trace.resultTitle')}</h2>
          {result.found ? <Found result={result} /> : <p>{t('staff.trace.notFound')}</p>}
        </section>
      )}
    </section>
  )
}

function Found({ result }: { result: TraceResult }) {
  const t = useStaffT()
  const { locale } = useStaff()
  const may = useMay()
  return (
    <>
      <dl className="staff-facts">
        {result.order && (
          <div>
            <dt>{t('staff.trace.order')}</dt>
            <dd>
              {may('orders.read') ? (
                <ConsoleLink path={`/staff/orders/${result.order.orderNo}`}>{result.order.orderNo}</ConsoleLink>
              ) : (
                result.order.orderNo
              )}{' '}
              · {result.order.title}
              {result.order.licence && ` · ${t(`staff.seats.licence.${result.order.licence}`)}`}
              {result.order.paidAt && ` · ${t('staff.trace.paidAt', { at: formatDateTime(result.order.paidAt, locale) })}`}
            </dd>
          </div>
        )}
        {result.buyer && (
          <div>
            <dt>{t('staff.trace.buyer')}</dt>
            <dd>
              {result.buyer.name} · {result.buyer.company} · {result.buyer.email}
            </dd>
          </div>
        )}
        {result.holder && (
          <div>
            <dt>{t('staff.trace.holder')}</dt>
            <dd>
              {result.holder.name} · {result.holder.email}
            </dd>
          </div>
        )}
        {result.sample && (
          <div>
            <dt>{t('staff.trace.sample')}</dt>
            <dd>
              {may('requests.read') ? (
                <ConsoleLink path={`/staff/requests/${result.sample.requestId}`}>{result.sample.title}</ConsoleLink>
              ) : (
                result.sample.title
              )}{' '}
              · {result.sample.company} · {result.sample.email}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('staff.trace.code')}</dt>
          <dd className="staff-mono">
            {result.code ?? '—'}
            {result.via && ` · ${t(`staff.trace.via.${result.via}`)}`}
          </dd>
        </div>
        <div>
          <dt>{t('staff.trace.stampedAt')}</dt>
          <dd className="staff-num">{formatDateTime(result.stampedAt, locale) || '—'}</dd>
        </div>
      </dl>
      <DataTable
        caption={t('staff.trace.downloads')}
        columns={[
          { label: t('staff.trace.at'), className: 'staff-num', cell: (download) => formatDateTime(download.at, locale) },
          { label: t('staff.trace.how'), cell: (download) => t(viaLabel(download.via), { via: download.via }) },
          { label: t('staff.trace.ip'), className: 'staff-mono', cell: (download) => download.ip },
        ]}
        rows={result.downloads}
        rowKey={(download) => `${download.at}/${download.ip}/${download.via}`}
        empty={t('staff.trace.noDownloads')}
      />
    </>
  )
}

/** How a download was made, in words; a way the console does not know yet is named as the server wrote it. */
const viaLabel = (via: string) =>
  via === 'session' || via === 'link' || via === 'sample' ? (`staff.trace.how.${via}` as const) : ('staff.trace.how.other' as const)
