import type { StaffRequest } from '../api/requests'
import { DataTable } from '../kit/data-table'
import { formatDateTime } from '../kit/format'
import { useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'

// A sample request's sample: the stamped copy mailed to the requester (its
// trace code) and each download of it, or that the report has no sample file.

export function RequestSample({ sample }: { sample: NonNullable<StaffRequest['sample']> }) {
  const t = useStaffT()
  const { locale } = useStaff()
  return (
    <section className="staff-fieldset staff-desk-section" aria-labelledby="staff-request-sample">
      <h2 id="staff-request-sample">{t('staff.requests.sampleTitle')}</h2>
      {sample.state === 'no-file' ? (
        <p className="muted">{t('staff.requests.sampleNoFile')}</p>
      ) : (
        <>
          <dl className="staff-facts">
            <div>
              <dt>{t('staff.requests.sampleSent')}</dt>
              <dd className="staff-num">{formatDateTime(sample.sentAt, locale) || '—'}</dd>
            </div>
            <div>
              <dt>{t('staff.requests.sampleCode')}</dt>
              <dd className="staff-mono">{sample.code ?? '—'}</dd>
            </div>
          </dl>
          <DataTable
            caption={t('staff.requests.sampleDownloads')}
            columns={[
              { label: t('staff.requests.sampleAt'), className: 'staff-num', cell: (download) => formatDateTime(download.at, locale) },
              { label: t('staff.requests.sampleIp'), className: 'staff-mono', cell: (download) => download.ip },
            ]}
            rows={sample.downloads}
            rowKey={(download) => `${download.at}/${download.ip}`}
            empty={t('staff.requests.sampleNoDownloads')}
          />
        </>
      )}
    </section>
  )
}
