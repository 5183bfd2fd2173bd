import type { ContentStatus } from '../api/reports'
import { useStaffT } from './use-staff-t'

export function StatusBadge({ status, publishAt }: { status: ContentStatus; publishAt?: string | null }) {
  const t = useStaffT()
  const when = status === 'scheduled' && publishAt ? new Date(publishAt).toLocaleString() : undefined
  return (
    <span className={`staff-badge staff-badge-${status}`} title={when}>
      {t(`staff.status.${status}`)}
    </span>
  )
}
