import { useCallback } from 'react'
import { useIntl } from 'react-intl'
import type { StaffMessageId } from '../messages'
import type { OrderMessageId } from '../orders-messages'
import type { RequestMessageId } from '../requests-messages'
import type { SiteMessageId } from '../site-messages'

export type StaffTranslate = (
  id: StaffMessageId | SiteMessageId | RequestMessageId | OrderMessageId,
  values?: Record<string, string | number>,
) => string

/** formatMessage restricted to the console's own ids (messages.ts and its parts, *-messages.ts), provided by StaffPage. */
export function useStaffT(): StaffTranslate {
  const intl = useIntl()
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl])
}
