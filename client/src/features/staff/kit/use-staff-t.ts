import { useCallback } from 'react'
import { useIntl } from 'react-intl'
import type { StaffMessageId } from '../messages'

export type StaffTranslate = (id: StaffMessageId, values?: Record<string, string | number>) => string

/** formatMessage restricted to the console's own ids (messages/), provided by StaffPage. */
export function useStaffT(): StaffTranslate {
  const intl = useIntl()
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl])
}
