import { useId, useState } from 'react'
import {
  confirmBankStatement,
  importBankStatement,
  type StatementApplied,
  type StatementLine,
  type StatementPreview,
} from '../api/transfers'
import { DataTable, type Column } from '../kit/data-table'
import { useAttempt } from '../kit/use-attempt'
import { useStaffT } from '../kit/use-staff-t'
import type { StaffMessageId } from '../messages'

/**
 * A bank statement (CSV or XLSX) read on the server and previewed: each
 * match to confirm (all ticked), the rest listed with why they are not one.
 * Confirming pays the ticked matches, each checked again on the server.
 */
export function StatementImport({ onApplied }: { onApplied: () => void }) {
  const t = useStaffT()
  const id = useId()
  const [file, setFile] = useState<File>()
  const [preview, setPreview] = useState<StatementPreview>()
  const [chosen, setChosen] = useState<Set<number>>(new Set())
  const [result, setResult] = useState<StatementApplied>()
  const reading = useAttempt(t('staff.transfers.importFailed'))
  const confirming = useAttempt(t('staff.transfers.confirmFailed'))

  const read = () =>
    void reading.attempt(async () => {
      if (!file) return
      setResult(undefined)
      const answer = await importBankStatement(file)
      setPreview(answer)
      setChosen(new Set(answer.matches.map((line) => line.line)))
    })
  const confirm = () =>
    void confirming.attempt(async () => {
      if (!preview) return
      setResult(await confirmBankStatement(preview.statementId, [...chosen]))
      onApplied()
    })
  const toggle = (line: number) =>
    setChosen((current) => {
      const next = new Set(current)
      if (next.has(line)) next.delete(line)
      else next.add(line)
      return next
    })

  const common: Column<StatementLine>[] = [
    { label: t('staff.transfers.line'), className: 'staff-num', cell: (line) => line.line },
    { label: t('staff.transfers.date'), className: 'staff-num', cell: (line) => line.date },
    { label: t('staff.transfers.amount'), className: 'staff-num', cell: (line) => line.amount?.toFixed(2) ?? '—' },
    { label: t('staff.transfers.payer'), className: 'staff-clip', cell: (line) => line.payer },
    { label: t('staff.transfers.remark'), className: 'staff-clip', cell: (line) => line.remark },
    { label: t('staff.transfers.order'), className: 'staff-mono', cell: (line) => line.orderNo ?? '—' },
  ]
  const matchColumns: Column<StatementLine>[] = [
    {
      label: t('staff.transfers.confirmColumn'),
      hideLabel: true,
      cell: (line) => (
        <input
          type="checkbox"
          checked={chosen.has(line.line)}
          onChange={() => toggle(line.line)}
          aria-label={t('staff.transfers.confirmLine', { line: line.line })}
          disabled={Boolean(result)}
        />
      ),
    },
    ...common,
  ]
  const otherColumns: Column<StatementLine>[] = [
    ...common,
    {
      label: t('staff.transfers.issue'),
      cell: (line) => t(`staff.transfers.issue.${line.issue ?? 'unknown-reference'}` as StaffMessageId),
    },
  ]

  return (
    <section className="staff-transfer-import" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('staff.transfers.importTitle')}</h2>
      <p className="staff-meta">{t('staff.transfers.importLead')}</p>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-file`}>
          {t('staff.transfers.statementFile')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => {
            setFile(e.target.files?.[0])
            setPreview(undefined)
            setResult(undefined)
          }}
        />
      </div>
      <div className="button-row">
        <button type="button" className="button button-secondary" disabled={!file || reading.pending} onClick={read}>
          {reading.pending ? t('staff.transfers.reading') : t('staff.transfers.read')}
        </button>
      </div>
      {reading.failure && (
        <p role="alert" className="staff-banner staff-banner-error">
          {reading.failure}
        </p>
      )}
      {preview && (
        <>
          <p className="staff-meta" role="status">
            {t('staff.transfers.previewCount', { lines: preview.lines, matches: preview.matches.length, others: preview.others.length })}
          </p>
          <h3>{t('staff.transfers.matches')}</h3>
          <DataTable
            caption={t('staff.transfers.matches')}
            columns={matchColumns}
            rows={preview.matches}
            rowKey={(line) => String(line.line)}
            empty={t('staff.transfers.noMatches')}
          />
          <div className="button-row">
            <button
              type="button"
              className="button button-primary"
              disabled={chosen.size === 0 || confirming.pending || Boolean(result)}
              onClick={confirm}
            >
              {confirming.pending ? t('staff.transfers.confirming') : t('staff.transfers.confirm', { count: chosen.size })}
            </button>
          </div>
          {confirming.failure && (
            <p role="alert" className="staff-banner staff-banner-error">
              {confirming.failure}
            </p>
          )}
          {result && (
            <p role="status" className="staff-banner">
              {t('staff.transfers.applied', { applied: result.applied.length, skipped: result.skipped.length })}
            </p>
          )}
          <h3>{t('staff.transfers.others')}</h3>
          <DataTable
            caption={t('staff.transfers.others')}
            columns={otherColumns}
            rows={preview.others}
            rowKey={(line) => String(line.line)}
            empty={t('staff.transfers.noOthers')}
          />
        </>
      )}
    </section>
  )
}
