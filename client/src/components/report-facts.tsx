import type { ReportListItem } from '@rpt/contract'
import { formatDate } from '../lib/format'
import { useT } from '../lib/use-t'
import { ReportCover } from './report-cover'

type Summary = Pick<ReportListItem, 'title' | 'marketType' | 'marketTypeName' | 'publishDate' | 'pageNum'>

/** A report's generated cover, in its category's colour under the publisher's mark. */
export function CoverOf({ report }: { report: Summary }) {
  const t = useT()
  return <ReportCover title={report.title} category={report.marketTypeName} categoryKey={report.marketType} mark={t('site.name')} />
}

/** The first facts on a report's line: its category, date and length. */
export function ReportFacts({ report }: { report: Summary }) {
  const t = useT()
  return (
    <>
      <span className="tag">{report.marketTypeName}</span>
      <span className="num">{formatDate(report.publishDate)}</span>
      {report.pageNum ? <span className="num">{t('common.pages', { count: report.pageNum })}</span> : null}
    </>
  )
}
