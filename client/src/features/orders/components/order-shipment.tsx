import type { PaperCopyShipment as Shipment } from '@rpt/contract'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import '../../../components/address-form.css'

/** In the publisher's time (China), as the order list's times are. */
const when = (iso: string, locale: string) =>
  new Date(iso).toLocaleString(locale, {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })

/**
 * The paper copy on the buyer's order page: its state, where it goes, and
 * once shipped the courier and tracking number (getOrderDocuments' `shipment`).
 */
/** `heading`: the level the page it sits in needs (h2 as a section of the order page). */
export function OrderShipment({ shipment, heading: Heading = 'h3' }: { shipment: Shipment | null; heading?: 'h2' | 'h3' }) {
  const t = useT()
  const locale = useLocale()
  if (!shipment) return null
  const rows: Array<[label: string, value: string | null]> = [
    [t('shipment.to'), `${shipment.recipient} ${shipment.phone}, ${shipment.address}`],
    [t('shipment.carrier'), shipment.carrier],
    [t('shipment.trackingNo'), shipment.trackingNo],
    [t('shipment.shippedAt'), shipment.shippedAt ? when(shipment.shippedAt, locale) : null],
    [t('shipment.deliveredAt'), shipment.deliveredAt ? when(shipment.deliveredAt, locale) : null],
  ]
  return (
    <section className="order-shipment" aria-labelledby="order-shipment-title">
      <Heading id="order-shipment-title" className="paper-copy-title">
        {t('shipment.title')} · <span className={`shipment-status is-${shipment.status}`}>{t(`shipment.status.${shipment.status}`)}</span>
      </Heading>
      <dl className="info-list">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <div key={label} className="info-row">
              <dt>{label}</dt>
              <dd className={label === t('shipment.trackingNo') ? 'num' : undefined}>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  )
}
