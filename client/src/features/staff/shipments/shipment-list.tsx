import { useState } from 'react'
import { deliverShipment, packingSlipUrl, SHIPMENT_STATUSES, useShipments, type ShipmentStatus, type StaffShipment } from '../api/shipments'
import { DataTable, type Column } from '../kit/data-table'
import { ConsoleLink, FilterSelect } from '../kit/list-controls'
import { SectionHead } from '../kit/section-head'
import { useMay, useStaff } from '../kit/staff-context'
import { useAttempt } from '../kit/use-attempt'
import { useStaffT } from '../kit/use-staff-t'
import { ShipForm } from './ship-form'
import './shipments.css'

const PAGE_SIZE = 20

/** The paper copies to ship: paid, not yet shipped first, oldest first; packing slip, ship, delivered. */
export function ShipmentList() {
  const t = useStaffT()
  const { locale } = useStaff()
  const may = useMay()
  const [status, setStatus] = useState<ShipmentStatus | undefined>('pending')
  const [pageNo, setPageNo] = useState(1)
  const result = useShipments({ ...(status ? { status } : {}), pageNo, pageSize: PAGE_SIZE })
  const { data, error, isLoading } = result
  const refresh = () => void result.mutate()
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1
  const when = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(locale, { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'short' }) : '—'

  const columns: Column<StaffShipment>[] = [
    {
      label: t('staff.shipments.order'),
      className: 'staff-mono',
      cell: (s) => (
        <>
          <ConsoleLink path={`/staff/orders/${s.orderNo}`}>{s.orderNo}</ConsoleLink>
          <div className="staff-num muted">{when(s.paidAt)}</div>
        </>
      ),
    },
    {
      label: t('staff.shipments.report'),
      className: 'staff-clip',
      cell: (s) => (
        <>
          {s.title}
          <div className="muted">
            {[s.edition && t(`staff.shipments.edition.${s.edition as 'standard'}`), s.lang].filter(Boolean).join(' · ')}
          </div>
        </>
      ),
    },
    {
      label: t('staff.shipments.shipTo'),
      cell: (s) => (
        <address className="shipment-address">
          <strong>{s.recipient}</strong> <span className="staff-num">{s.phone}</span>
          <br />
          {s.address}
          {s.postcode ? ` ${s.postcode}` : ''}
        </address>
      ),
    },
    {
      label: t('staff.shipments.status'),
      cell: (s) => (
        <>
          {t(`staff.shipments.status.${s.status}`)}
          {s.refunded && <div className="field-error">{t('staff.shipments.refunded')}</div>}
          {s.trackingNo && (
            <div className="staff-mono">
              {s.carrier} {s.trackingNo}
            </div>
          )}
        </>
      ),
    },
    {
      label: t('staff.shipments.actions'),
      cell: (s) => <ShipmentActions shipment={s} canAct={may('shipments.act')} onChanged={refresh} />,
    },
  ]

  return (
    <section className="staff-section" aria-labelledby="staff-shipments-title">
      <SectionHead id="staff-shipments-title" title={t('staff.nav.shipments')} />
      <div className="staff-filters">
        <FilterSelect
          label={t('staff.shipments.status')}
          value={status}
          options={SHIPMENT_STATUSES.map((value) => ({ value, label: t(`staff.shipments.status.${value}`) }))}
          onChange={(value) => {
            setStatus(value)
            setPageNo(1)
          }}
        />
      </div>
      {error ? (
        <p role="alert">{t('staff.shipments.loadFailed')}</p>
      ) : (
        <>
          {data && <p className="staff-count">{t('staff.shipments.count', { count: data.count })}</p>}
          <DataTable
            caption={t('staff.nav.shipments')}
            columns={columns}
            rows={data?.list ?? []}
            rowKey={(s) => s.orderNo}
            busy={isLoading}
            empty={data ? t('staff.shipments.empty') : undefined}
          />
          {pages > 1 && (
            <nav className="staff-inline" aria-label={t('staff.shipments.pages')}>
              <button type="button" className="button button-secondary" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
                ←
              </button>
              <span className="staff-num">
                {pageNo} / {pages}
              </span>
              <button type="button" className="button button-secondary" disabled={pageNo >= pages} onClick={() => setPageNo(pageNo + 1)}>
                →
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  )
}

function ShipmentActions({ shipment, canAct, onChanged }: { shipment: StaffShipment; canAct: boolean; onChanged: () => void }) {
  const t = useStaffT()
  const { locale, endedSession } = useStaff()
  const [shipping, setShipping] = useState(false)
  const { pending, failure, attempt } = useAttempt(t('staff.shipments.failed'))
  const open = shipment.status !== 'delivered' && !shipment.refunded
  return (
    <div className="shipment-actions">
      <a className="button button-secondary" href={packingSlipUrl(shipment.orderNo, locale)} target="_blank" rel="noopener">
        {t('staff.shipments.packingSlip')}
      </a>
      {canAct && open && shipment.status === 'pending' && !shipping && (
        <button type="button" className="button button-primary" onClick={() => setShipping(true)}>
          {t('staff.shipments.ship')}
        </button>
      )}
      {canAct && open && shipping && (
        <ShipForm
          shipment={shipment}
          onDone={() => {
            setShipping(false)
            onChanged()
          }}
        />
      )}
      {canAct && open && shipment.status === 'shipped' && (
        <button
          type="button"
          className="button button-secondary"
          disabled={pending}
          onClick={() =>
            void attempt(
              async () => {
                await deliverShipment(shipment.orderNo)
                onChanged()
              },
              (error) => endedSession(error),
            )
          }
        >
          {t('staff.shipments.deliver')}
        </button>
      )}
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  )
}
