import { useState } from 'react'
import { TRANSFER_STATES, transferProformaUrl, useTransferList, type BankTransferItem, type TransferState } from '../api/transfers'
import { DataTable, type Column } from '../kit/data-table'
import { formatDateTime } from '../kit/format'
import { SearchBox } from '../kit/list-controls'
import { SectionHead } from '../kit/section-head'
import { useMay, useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'
import { MarkReceived } from './mark-received'
import { StatementImport } from './statement-import'
import './transfers.css'

// Bank transfers (docs/bank-transfer.md): the orders to be paid by transfer,
// awaited (nearest deadline first), received or closed; finance marks one
// received by hand, or imports the bank's statement and confirms its matches.

export function TransferScreen() {
  const t = useStaffT()
  const may = useMay()
  const { locale } = useStaff()
  const [state, setState] = useState<TransferState>('awaiting')
  const [q, setQ] = useState<string>()
  const [pageNo, setPageNo] = useState(1)
  const [marking, setMarking] = useState<BankTransferItem>()
  const [notice, setNotice] = useState<string>()
  const { data, error, isLoading, mutate } = useTransferList({ state, q, pageNo })
  const acts = may('transfers.act')

  const columns: Column<BankTransferItem>[] = [
    { label: t('staff.transfers.reference'), className: 'staff-mono', cell: (item) => item.reference },
    { label: t('staff.transfers.order'), className: 'staff-mono', cell: (item) => item.orderNo },
    {
      label: t('staff.transfers.buyer'),
      className: 'staff-clip',
      cell: (item) => (item.company ? `${item.company} (${item.buyer})` : item.buyer),
    },
    { label: t('staff.transfers.item'), className: 'staff-clip', cell: (item) => item.title },
    { label: t('staff.transfers.amount'), className: 'staff-num', cell: (item) => `${item.amount.toFixed(2)} ${item.currency}` },
    {
      label: state === 'received' ? t('staff.transfers.receivedOn') : t('staff.transfers.deadline'),
      className: 'staff-num',
      cell: (item) => (item.received ? `${item.received.date} · ${item.received.serial}` : formatDateTime(item.deadline, locale)),
    },
    {
      label: t('staff.transfers.actions'),
      hideLabel: true,
      cell: (item) => (
        <span className="staff-transfer-actions">
          <a href={transferProformaUrl(item.orderNo, locale)} target="_blank" rel="noopener">
            {t('staff.transfers.proforma')}
          </a>
          {acts && item.state === 'awaiting' && (
            <button type="button" className="button button-secondary" onClick={() => setMarking(item)}>
              {t('staff.transfers.mark')}
            </button>
          )}
        </span>
      ),
    },
  ]

  const pages = data ? Math.max(1, Math.ceil(data.count / data.pageSize)) : 1
  return (
    <section className="staff-section" aria-labelledby="staff-transfers-title">
      <SectionHead id="staff-transfers-title" title={t('staff.transfers.title')} />
      <p className="staff-meta">{t('staff.transfers.lead')}</p>
      <div className="staff-transfer-filters">
        <div role="group" aria-label={t('staff.transfers.state')} className="staff-transfer-tabs">
          {TRANSFER_STATES.map((value) => (
            <button
              key={value}
              type="button"
              className={`button ${value === state ? 'button-primary' : 'button-secondary'}`}
              aria-pressed={value === state}
              onClick={() => {
                setState(value)
                setPageNo(1)
              }}
            >
              {t(`staff.transfers.state.${value}`)}
            </button>
          ))}
        </div>
        <SearchBox
          label={t('staff.transfers.search')}
          value={q}
          onSearch={(words) => {
            setQ(words)
            setPageNo(1)
          }}
        />
      </div>
      {notice && (
        <p role="status" className="staff-banner">
          {notice}
        </p>
      )}
      {error && (
        <p role="alert" className="staff-banner staff-banner-error">
          {t('staff.transfers.loadFailed')}
        </p>
      )}
      {marking && (
        <MarkReceived
          key={marking.orderNo}
          item={marking}
          onCancel={() => setMarking(undefined)}
          onDone={(applied) => {
            setNotice(t(applied ? 'staff.transfers.marked' : 'staff.transfers.markedBefore', { orderNo: marking.orderNo }))
            setMarking(undefined)
            void mutate()
          }}
        />
      )}
      <p className="staff-meta">{t('staff.transfers.count', { count: data?.count ?? 0 })}</p>
      <DataTable
        caption={t('staff.transfers.title')}
        columns={columns}
        rows={data?.list ?? []}
        rowKey={(item) => item.orderNo}
        empty={isLoading ? undefined : t(`staff.transfers.empty.${state}`)}
        busy={isLoading}
      />
      {pages > 1 && (
        <div className="button-row">
          <button type="button" className="button button-secondary" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
            {t('staff.transfers.previous')}
          </button>
          <span className="staff-meta">{t('staff.transfers.page', { page: pageNo, pages })}</span>
          <button type="button" className="button button-secondary" disabled={pageNo >= pages} onClick={() => setPageNo(pageNo + 1)}>
            {t('staff.transfers.next')}
          </button>
        </div>
      )}
      {acts && <StatementImport onApplied={() => void mutate()} />}
    </section>
  )
}
