import { useState } from 'react'
import { useOrderSeats, type StaffOrderSeats } from '../api/licences'
import { DataTable } from '../kit/data-table'
import { formatDateTime } from '../kit/format'
import { failureText, useMay, useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'
import { SeatActions } from './seat-actions'

// listOrderSeats: an order's licence as the buyer holds it (limit, enterprise
// domain), its seats with their downloads, the stamped copies made for it and
// the downloads refused today. Finance changes them (seat-actions.tsx).

type Seat = StaffOrderSeats['seats'][number]
type Copy = StaffOrderSeats['copies'][number]

export function OrderSeats({ orderNo }: { orderNo: string }) {
  const t = useStaffT()
  const may = useMay()
  const result = useOrderSeats(orderNo)
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const data = result.data
  return (
    <section className="staff-fieldset staff-desk-section" aria-labelledby="staff-order-seats">
      <h2 id="staff-order-seats">{t('staff.seats.title')}</h2>
      {result.error && !data ? (
        <p role="alert" className="staff-error">
          {failureText(result.error, t('staff.seats.failed'))}
        </p>
      ) : !data ? (
        <p className="staff-loading">{t('staff.loading')}</p>
      ) : (
        <>
          <Facts seats={data} />
          <SeatTable seats={data} chosen={may('licences.act') ? chosen : undefined} onChoose={setChosen} />
          <CopyTable copies={data.copies} />
          {may('licences.act') && (
            <SeatActions
              seats={data}
              chosen={chosen}
              onChanged={(next) => {
                setChosen(new Set())
                void result.mutate(next, { revalidate: false })
              }}
            />
          )}
        </>
      )}
    </section>
  )
}

function Facts({ seats }: { seats: StaffOrderSeats }) {
  const t = useStaffT()
  const limit =
    seats.seatLimit === null
      ? t('staff.seats.unlimited')
      : t('staff.seats.limitOf', { used: seats.seats.filter((seat) => seat.state !== 'revoked').length + 1, limit: seats.seatLimit })
  return (
    <dl className="staff-facts">
      <div>
        <dt>{t('staff.seats.licence')}</dt>
        <dd>{seats.licence ? t(`staff.seats.licence.${seats.licence}`) : t('staff.seats.noLicence')}</dd>
      </div>
      <div>
        <dt>{t('staff.seats.limit')}</dt>
        <dd>
          {limit} · {t(seats.seatLimitOverride ? 'staff.seats.limitOverride' : 'staff.seats.limitDefault')}
        </dd>
      </div>
      {seats.licence === 'enterprise' && (
        <div>
          <dt>{t('staff.seats.domain')}</dt>
          <dd>
            {seats.domain ? (
              <>
                <span className="staff-mono">@{seats.domain}</span> ·{' '}
                {t(seats.domainSource === 'staff' ? 'staff.seats.domainByStaff' : 'staff.seats.domainByBuyer')}
              </>
            ) : (
              t('staff.seats.domainNone')
            )}
          </dd>
        </div>
      )}
      <div>
        <dt>{t('staff.seats.buyer')}</dt>
        <dd>
          {seats.buyer.name} · {seats.buyer.company} · {seats.buyer.email} ·{' '}
          {t(seats.buyer.emailVerified ? 'staff.seats.verified' : 'staff.seats.notVerified')}
        </dd>
      </div>
      <div>
        <dt>{t('staff.seats.refusedToday')}</dt>
        <dd className="staff-num">{seats.refusedToday}</dd>
      </div>
    </dl>
  )
}

/** The seats, newest first; a finance role ticks the ones to take back (seat-actions.tsx). */
function SeatTable({
  seats,
  chosen,
  onChoose,
}: {
  seats: StaffOrderSeats
  chosen: ReadonlySet<string> | undefined
  onChoose: (next: ReadonlySet<string>) => void
}) {
  const t = useStaffT()
  const { locale } = useStaff()
  const toggle = (id: string) => {
    const next = new Set(chosen)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    onChoose(next)
  }
  const choose = chosen && {
    label: t('staff.seats.choose'),
    hideLabel: true,
    cell: (seat: Seat) =>
      seat.state === 'revoked' ? null : (
        <input
          type="checkbox"
          className="staff-check"
          checked={chosen.has(seat.id)}
          onChange={() => toggle(seat.id)}
          aria-label={t('staff.seats.chooseSeat', { email: seat.email })}
        />
      ),
  }
  return (
    <>
      <h3 className="staff-subtitle">{t('staff.seats.seatsTitle')}</h3>
      <DataTable
        caption={t('staff.seats.seatsTitle')}
        columns={[
          ...(choose ? [choose] : []),
          {
            label: t('staff.seats.holder'),
            className: 'staff-clip-wrap',
            cell: (seat) => (
              <>
                <div>{seat.email}</div>
                {seat.name && <div className="muted">{seat.name}</div>}
              </>
            ),
          },
          {
            label: t('staff.list.status'),
            cell: (seat) => (
              <>
                <span className={`staff-badge staff-seat-${seat.state}`}>{t(`staff.seats.state.${seat.state}`)}</span>
                <div className="staff-num muted">{formatDateTime(seat.revokedAt ?? seat.acceptedAt ?? seat.invitedAt, locale)}</div>
              </>
            ),
          },
          {
            label: t('staff.seats.downloads'),
            className: 'staff-num',
            cell: (seat) => (
              <>
                <div>{seat.downloads}</div>
                {seat.lastDownloadAt && (
                  <div className="muted">{t('staff.seats.lastDownload', { at: formatDateTime(seat.lastDownloadAt, locale) })}</div>
                )}
              </>
            ),
          },
        ]}
        rows={seats.seats}
        rowKey={(seat) => seat.id}
        empty={t('staff.seats.noSeats')}
      />
    </>
  )
}

/** The stamped copies: a failed one says why in plain words (the buyer waits until it is made again). */
function CopyTable({ copies }: { copies: readonly Copy[] }) {
  const t = useStaffT()
  const { locale } = useStaff()
  return (
    <>
      <h3 className="staff-subtitle">{t('staff.seats.copiesTitle')}</h3>
      <DataTable
        caption={t('staff.seats.copiesTitle')}
        columns={[
          {
            label: t('staff.seats.copyHolder'),
            className: 'staff-clip-wrap',
            cell: (copy) => (
              <>
                <div>{copy.holder}</div>
                <div className="staff-mono muted">{copy.code}</div>
              </>
            ),
          },
          {
            label: t('staff.list.status'),
            cell: (copy) => (
              <>
                <span className={`staff-badge staff-copy-${copy.state}`}>{t(`staff.seats.copy.${copy.state}`)}</span>
                {copy.error && <div className="field-error">{copy.error}</div>}
                <div className="staff-num muted">{formatDateTime(copy.readyAt ?? copy.createdAt, locale)}</div>
              </>
            ),
          },
          { label: t('staff.seats.downloads'), className: 'staff-num', cell: (copy) => copy.downloads },
        ]}
        rows={copies}
        rowKey={(copy) => copy.code}
        empty={t('staff.seats.noCopies')}
      />
    </>
  )
}
