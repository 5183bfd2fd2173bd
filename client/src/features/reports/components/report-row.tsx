import type { ReportListItem } from '@rpt/contract'
import { LocalLink } from '../../../components/local-link'
import { CoverOf, ReportFacts } from '../../../components/report-facts'
import { formatPrice, minPrice } from '../../../lib/format'
import { paths } from '../../../lib/paths'
import { OUTLINE_MAX, plainText } from '../../../lib/rich-summary'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'

export function ReportRow({ report }: { report: ReportListItem }) {
  const t = useT()
  const locale = useLocale()
  const from = minPrice([report.price, report.multiPrice, report.enterprisePrice])
  return (
    <article className="report-row">
      <LocalLink to={paths.report(report.webTitle)} tabIndex={-1} aria-hidden="true">
        <CoverOf report={report} />
      </LocalLink>
      <div className="report-row-body">
        <h2 className="report-row-title">
          <LocalLink to={paths.report(report.webTitle)}>{report.title}</LocalLink>
        </h2>
        <p className="meta">
          <ReportFacts report={report} />
          {report.chart ? <span className="num">{t('common.charts', { count: report.chart })}</span> : null}
          <span className="num">{report.reportCode}</span>
        </p>
        <p className="report-row-outline clamp-2">{plainText(report.outline, OUTLINE_MAX)}</p>
      </div>
      <div className="report-row-price">
        <span className="price-label">{t('common.from')}</span>
        <span className="price">{formatPrice(from, report.currency, locale)}</span>
      </div>
    </article>
  )
}
