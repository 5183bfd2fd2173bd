import { deleteReport, previewReport, publishReport, unpublishReport, type StaffReport } from '../api/reports'
import { useMay } from '../kit/staff-context'
import { PublishActions } from './publish-actions'

interface Props {
  report: StaffReport
  /** Unsaved edits: publishing acts on the saved version, so it waits for a save. */
  dirty: boolean
  onChanged: (next: StaffReport) => void
  onRefused: (error: unknown) => void
}

/** A report's publishing actions (PublishActions, which bulletins and news share), with its preview. */
export function ReportActions({ report, dirty, onChanged, onRefused }: Props) {
  const path = `/staff/reports/${encodeURIComponent(report.code)}`
  const may = useMay()
  return (
    <PublishActions
      record={report}
      dirty={dirty}
      onRefused={onRefused}
      revisionsPath={`${path}/revisions`}
      listPath="/staff/reports"
      may={{ publish: may('reports.publish'), remove: may('reports.write') }}
      ops={{
        publish: async (at) => onChanged(await publishReport(report.code, report.version, at)),
        unpublish: async () => onChanged(await unpublishReport(report.code, report.version)),
        remove: async () => void (await deleteReport(report.code, report.version)),
        preview: async () => (await previewReport(report.code)).url,
      }}
    />
  )
}
