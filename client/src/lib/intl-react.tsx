import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { createIntl, type IntlShape } from './message-format'

// react-intl's IntlProvider and useIntl, over lib/message-format.ts.
const IntlContext = createContext<IntlShape | null>(null)
const NO_MESSAGES: Record<string, string> = {}

export function IntlProvider({ locale, messages, defaultLocale, children }: { locale: string; messages?: Record<string, string> | undefined; defaultLocale?: string; children: ReactNode }) {
  const intl = useMemo(() => createIntl({ locale, messages: messages ?? NO_MESSAGES, ...(defaultLocale ? { defaultLocale } : {}) }), [locale, messages, defaultLocale])
  return <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>
}

export function useIntl(): IntlShape {
  const intl = useContext(IntlContext)
  if (!intl) throw new Error('useIntl outside an IntlProvider')
  return intl
}
