import { useCallback, useEffect, useMemo, useState } from 'react'
import { IntlProvider, useIntl } from 'react-intl'
import { SWRConfig, useSWRConfig } from 'swr'
import { useLocation } from 'wouter'
import { localizePath } from '../../../lib/locale'
import { useLocale } from '../../../lib/use-locale'
import { dismissToasts } from '../../../lib/toast'
import { staffSessionKey, useStaffSession } from '../api/session'
import { staffMessages } from '../messages'
import { isSignedOut, StaffContext, type StaffContextValue } from '../kit/staff-context'
import { mayLeave } from '../kit/leave-guard'
import { StaffShell } from './staff-shell'
import { StaffSignIn } from './staff-sign-in'
import { useStaffT } from '../kit/use-staff-t'
import './staff.css'
import './staff-editor.css'
import { useNoIndex } from '../../../lib/use-no-index'

interface ScreenProps {
  params: Record<string, string | undefined>
}

/** The staff console: a chunk of its own with its own words, so the public pages readers load carry none of it. */
export default function StaffPage({ params }: ScreenProps) {
  const locale = useLocale()
  const outer = useIntl().messages
  // The console's words (messages/), over the app's.
  const intlMessages = useMemo(
    () => ({
      ...outer,
      ...staffMessages[locale],
    }),
    [outer, locale],
  )
  useNoIndex()
  return (
    <IntlProvider locale={locale} messages={intlMessages} defaultLocale="zh-CN">
      <StaffConsole params={params} />
    </IntlProvider>
  )
}

function StaffConsole({ params }: ScreenProps) {
  const t = useStaffT()
  const locale = useLocale()
  const [, navigateTo] = useLocation()
  const { data: staff, error, isLoading, mutate: reload } = useStaffSession()
  const { mutate } = useSWRConfig()
  // Why the sign-in shows again: the session ended (idle, signed out elsewhere).
  const [ended, setEnded] = useState(false)

  const endedSession = useCallback(
    (failure: unknown) => {
      if (!isSignedOut(failure)) return false
      setEnded(true)
      void mutate(staffSessionKey, undefined, { revalidate: false })
      return true
    },
    [mutate],
  )
  const forget = useCallback(() => void mutate(staffSessionKey, undefined, { revalidate: false }), [mutate])
  const href = useCallback((path: string) => localizePath(locale, path), [locale])
  // Every move inside the console asks first when an editor holds unsaved changes.
  const navigate = useCallback(
    (path: string, options?: { replace?: boolean }) => {
      if (!mayLeave()) return
      // A toast says what was just done on this screen: moving elsewhere leaves it behind. A move an action makes
      // (a new record's page after its first save, the list after a delete) replaces the address and keeps it.
      if (!options?.replace) dismissToasts()
      navigateTo(href(path), options)
    },
    [navigateTo, href],
  )
  // Back and Forward leave the screen too.
  useEffect(() => {
    window.addEventListener('popstate', dismissToasts)
    return () => window.removeEventListener('popstate', dismissToasts)
  }, [])
  const context = useMemo<StaffContextValue | null>(
    () => (staff ? { staff, href, navigate, locale, endedSession, forget } : null),
    [staff, href, navigate, locale, endedSession, forget],
  )
  const swrConfig = useMemo(() => ({ onError: (failure: unknown) => void endedSession(failure) }), [endedSession])

  if (isLoading) return <p className="staff-loading">{t('staff.loading')}</p>
  if (!context) {
    return (
      <StaffSignIn
        sessionError={error}
        ended={ended}
        onSignedIn={() => {
          setEnded(false)
          void reload()
        }}
      />
    )
  }
  return (
    <StaffContext.Provider value={context}>
      <SWRConfig value={swrConfig}>
        <StaffShell section={params.section} code={params.code} view={params.view} />
      </SWRConfig>
    </StaffContext.Provider>
  )
}
