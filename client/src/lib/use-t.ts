import { useCallback } from 'react'
import { useIntl } from 'react-intl'
import type { MessageId } from './intl'

export type Translate = (id: MessageId, values?: Record<string, string | number>) => string

/** formatMessage restricted to ids of the catalogue, so typos fail the type check. */
export function useT(): Translate {
  const intl = useIntl()
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl])
}
