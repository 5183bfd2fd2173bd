import { lazy, Suspense, useMemo, useState } from 'react'
import { IntlProvider, useIntl } from 'react-intl'
import { useLocale } from '../../../lib/use-locale'
import { useHydrated } from '../../../lib/use-hydrated'
import { useNoIndex } from '../../../lib/use-no-index'
import { useStaffSession } from '../api/session'
import { useStaffT } from '../kit/use-staff-t'
import { staffSignInMessages } from '../messages/sign-in'
import { StaffSignIn } from './staff-sign-in'
import './staff-gate.css'

interface ScreenProps {
  params: Record<string, string | undefined>
}

/** The console itself, its words and its screens: shown once someone is signed in. */
const loadConsole = () => import('./staff-page')
const StaffPage = lazy(loadConsole)
/**
 * Fetched when the visitor starts on the form, while they type and the sign-in is checked: not at once,
 * where parsing the console's chunk would hold the main thread just as the page becomes usable.
 */
const prefetchConsole = () => void loadConsole().catch(() => {})

/**
 * The /staff route: the sign-in (rendered by the server, with only its own
 * words) until someone is signed in, then the console. The console's chunk
 * is fetched once the visitor starts on the form, so the sign-in never waits
 * for it and the console opens soon after it.
 */
export default function StaffGatePage({ params }: ScreenProps) {
  const locale = useLocale()
  const outer = useIntl().messages
  const messages = useMemo(() => ({ ...outer, ...staffSignInMessages[locale] }), [outer, locale])
  useNoIndex()
  return (
    <IntlProvider locale={locale} messages={messages} defaultLocale="zh-CN">
      <StaffGate params={params} />
    </IntlProvider>
  )
}

function StaffGate({ params }: ScreenProps) {
  const t = useStaffT()
  // True on the server and while hydrating what it sent, false from then on. The first render there is its
  // sign-in form (the server renders it for a visitor without a staff cookie only), disabled until hydrated;
  // a page the client renders alone waits for the session check instead.
  const byServer = !useHydrated()
  const [serverSignIn] = useState(byServer)
  // The server renders the sign-in only to a request without a staff cookie: nobody is signed in, and
  // asking would only log a refused request in the browser's console. A sign-in fills the session and checks it.
  const { data: staff, error, isLoading, mutate: reload } = useStaffSession(!serverSignIn)
  // Once open, the console keeps the screen: it shows its own sign-in when the session ends (saying so).
  const [opened, setOpened] = useState(false)
  if (staff && !opened) setOpened(true)

  if (staff || opened) {
    return (
      <Suspense fallback={<p className="staff-loading">{t('staff.loading')}</p>}>
        <StaffPage params={params} />
      </Suspense>
    )
  }
  if (isLoading && !serverSignIn) return <p className="staff-loading">{t('staff.loading')}</p>
  return <StaffSignIn sessionError={error} ready={!byServer} onEngage={prefetchConsole} onSignedIn={() => void reload()} />
}
