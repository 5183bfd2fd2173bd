import type { MapRegion } from '@rpt/contract'
import { TableHead } from '../../../components/table-head'
import { useT } from '../../../lib/use-t'

/** The map figures as a paired bar chart: comparable at a glance, readable as a table. */
export function RegionChart({ regions, locale }: { regions: MapRegion[]; locale: string }) {
  const t = useT()
  const max = Math.max(1, ...regions.map((r) => Math.max(r.reports, r.clients)))
  const fmt = new Intl.NumberFormat(locale)
  const sorted = [...regions].sort((a, b) => b.reports - a.reports)
  return (
    <figure className="region-chart">
      <div className="chart-legend" aria-hidden="true">
        <span className="legend-item">
          <span className="swatch swatch-reports" />
          {t('home.mapReports')}
        </span>
        <span className="legend-item">
          <span className="swatch swatch-clients" />
          {t('home.mapClients')}
        </span>
      </div>
      <table className="chart-table">
        <caption className="visually-hidden">{t('home.mapCaption')}</caption>
        <TableHead className="visually-hidden" columns={[t('home.map'), t('home.mapReports'), t('home.mapClients')]} />
        <tbody>
          {sorted.map((r) => (
            <tr key={r.regionCode}>
              <th scope="row">{r.regionName}</th>
              {(['reports', 'clients'] as const).map((kind) => (
                <td key={kind}>
                  <span className="track">
                    <span className={`bar bar-${kind}`} style={{ width: `${(r[kind] / max) * 100}%` }} />
                  </span>
                  <span className="bar-value num">{fmt.format(r[kind])}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
