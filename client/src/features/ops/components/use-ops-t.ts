import { useCallback } from 'react'
import { useIntl } from 'react-intl'
import type { OpsMessageId } from '../messages'

export type OpsTranslate = (id: OpsMessageId, values?: Record<string, string | number>) => string

/** formatMessage restricted to the ops page's own ids (messages.ts), provided by OpsPage. */
export function useOpsT(): OpsTranslate {
  const intl = useIntl()
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl])
}
