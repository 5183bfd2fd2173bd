import { useState } from 'react'
import { staffMay } from '@rpt/contract/staff-permissions'
import { INVOICE_STATUSES, invoiceFileUrl, useInvoiceList, type InvoiceStatus, type StaffInvoice } from '../api/invoices'
import { DataTable, type Column } from '../kit/data-table'
import { formatDateTime } from '../kit/format'
import { ConsoleLink, FilterSelect } from '../kit/list-controls'
import { money } from '../kit/order-columns'
import { SectionHead } from '../kit/section-head'
import { useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'
import { InvoiceActions } from './invoice-actions'
import '../kit/staff-desk.css'
import './invoices.css'

// The finance desk's invoice queue (listInvoices): requests oldest first, by
// status, each with its order and the title the buyer gave; issue, upload,
// reverse and re-send on the row (invoices.act).

const PAGE_SIZE = 20

export function InvoiceDesk() {
  const t = useStaffT()
  const { locale, staff } = useStaff()
  const [status, setStatus] = useState<InvoiceStatus | undefined>('requested')
  const [pageNo, setPageNo] = useState(1)
  const result = useInvoiceList({ ...(status ? { status } : {}), pageNo, pageSize: PAGE_SIZE })
  const acts = staffMay(staff.role, 'invoices.act')
  const page = result.data
  const refresh = () => void result.mutate()

  const columns: Column<StaffInvoice>[] = [
    {
      label: t('staff.invoices.order'),
      className: 'staff-mono',
      cell: (invoice) => <ConsoleLink path={`/staff/orders/${invoice.orderNo}`}>{invoice.orderNo}</ConsoleLink>,
    },
    {
      label: t('staff.invoices.title'),
      cell: (invoice) => (
        <>
          <span className="staff-invoice-name">{invoice.title.name}</span>
          {invoice.title.taxNo && <span className="staff-mono"> · {invoice.title.taxNo}</span>}
          <span className="staff-invoice-sub">
            {invoice.buyer} · {invoice.buyerEmail}
          </span>
        </>
      ),
    },
    { label: t('staff.invoices.type'), cell: (invoice) => t(`staff.invoices.type.${invoice.type as '82' | '81' | 'commercial'}`) },
    { label: t('staff.invoices.amount'), className: 'staff-num', cell: (invoice) => money(invoice.amount, invoice.currency) },
    {
      label: t('staff.list.status'),
      cell: (invoice) => (
        <span className={`staff-badge staff-invoice-${invoice.status}`}>{t(`staff.invoices.status.${invoice.status}`)}</span>
      ),
    },
    {
      label: t('staff.invoices.number'),
      className: 'staff-mono',
      cell: (invoice) => (
        <>
          {invoice.number && (
            <a href={invoiceFileUrl(invoice.orderNo, 'invoice')} download>
              {invoice.number}
            </a>
          )}
          {invoice.redNumber && (
            <span className="staff-invoice-sub">
              {t('staff.invoices.red')}:{' '}
              <a href={invoiceFileUrl(invoice.orderNo, 'red')} download>
                {invoice.redNumber}
              </a>
            </span>
          )}
        </>
      ),
    },
    { label: t('staff.invoices.requestedAt'), className: 'staff-num', cell: (invoice) => formatDateTime(invoice.requestedAt, locale) },
    ...(acts
      ? [{ label: t('staff.invoices.actions'), cell: (invoice: StaffInvoice) => <InvoiceActions invoice={invoice} onChanged={refresh} /> }]
      : []),
  ]

  return (
    <section className="staff-section" aria-labelledby="staff-invoices-title">
      <SectionHead id="staff-invoices-title" title={t('staff.invoices.heading')} />
      <div className="staff-filters">
        <FilterSelect
          label={t('staff.list.status')}
          value={status}
          options={INVOICE_STATUSES.map((value) => ({ value, label: t(`staff.invoices.status.${value}`) }))}
          onChange={(value) => {
            setStatus(value)
            setPageNo(1)
          }}
        />
      </div>
      {result.error && !page ? (
        <p role="alert" className="staff-banner staff-banner-error">
          {t('staff.invoices.loadFailed')}
        </p>
      ) : (
        <>
          {page && <p className="staff-count">{t('staff.invoices.count', { count: page.count })}</p>}
          <DataTable
            caption={t('staff.invoices.heading')}
            columns={columns}
            rows={page?.list ?? []}
            rowKey={(invoice) => invoice.orderNo}
            empty={page ? t('staff.invoices.empty') : undefined}
            busy={result.isLoading}
          />
          {page && page.count > PAGE_SIZE && (
            <div className="staff-invoice-pages">
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={pageNo <= 1}
                onClick={() => setPageNo(pageNo - 1)}
              >
                {t('staff.invoices.previous')}
              </button>
              <span className="staff-num">{t('staff.invoices.page', { page: pageNo, pages: Math.ceil(page.count / PAGE_SIZE) })}</span>
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={pageNo * PAGE_SIZE >= page.count}
                onClick={() => setPageNo(pageNo + 1)}
              >
                {t('staff.invoices.next')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  )
}
