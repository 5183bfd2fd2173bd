import { useMemo, useState } from 'react'
import { IntlProvider, useIntl } from 'react-intl'
import { SWRConfig, useSWRConfig } from 'swr'
import { FormField } from '../../../components/form-field'
import { SignInCard } from '../../../components/sign-in-card'
import { ApiError } from '../../../lib/api-client'
import { useLocale } from '../../../lib/use-locale'
import { opsSessionKey, useOpsSession, useSignIn, useSignOut } from '../api/session'
import { opsMessages } from '../messages'
import { AuditLog } from './audit-log'
import { PurgePanel } from './purge-panel'
import { SettingsForm } from './settings-form'
import { StatsPanel } from './stats-panel'
import { UnblockPanel } from './unblock-panel'
import { useOpsT } from './use-ops-t'
import './ops.css'
import { useNoIndex } from '../../../lib/use-no-index'

/** The ops page: its own chunk, with its own messages, so public pages load neither. */
export default function OpsPage() {
  const locale = useLocale()
  // The app's messages (for the shared components) and the page's own, together.
  const outer = useIntl().messages
  const intlMessages = useMemo(() => ({ ...outer, ...opsMessages[locale] }), [outer, locale])
  useNoIndex()
  return (
    <IntlProvider locale={locale} messages={intlMessages} defaultLocale="zh-CN">
      <OpsScreen />
    </IntlProvider>
  )
}

function OpsScreen() {
  const t = useOpsT()
  const { data: session, isLoading } = useOpsSession()
  const { mutate } = useSWRConfig()
  // A 401 anywhere means the session cookie is gone (expired, token rotated): back to the sign-in.
  const swrConfig = useMemo(
    () => ({
      onError: (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) void mutate(opsSessionKey, undefined, { revalidate: false })
      },
    }),
    [mutate],
  )
  if (isLoading) return <p className="ops-page container muted">{t('ops.loading')}</p>
  if (!session) return <SignInForm />
  return (
    <SWRConfig value={swrConfig}>
      <Dashboard operator={session.operator} />
    </SWRConfig>
  )
}

function SignInForm() {
  const t = useOpsT()
  const [token, setToken] = useState('')
  const [error, setError] = useState<string>()
  const [refusal, setRefusal] = useState<string>()
  const { trigger, isMutating } = useSignIn()
  const submit = async () => {
    if (!token.trim()) return setError(t('ops.signIn.required'))
    setError(undefined)
    setRefusal(undefined)
    try {
      await trigger(token.trim())
      setToken('')
    } catch (failure) {
      // Shown on the card, where the token is typed again.
      setRefusal(failure instanceof ApiError ? failure.message : t('ops.loadFailed'))
    }
  }
  return (
    <SignInCard
      title={t('ops.signIn.title')}
      lead={t('ops.signIn.hint')}
      error={refusal}
      submitLabel={t('ops.signIn.submit')}
      pendingLabel={t('ops.signIn.pending')}
      pending={isMutating}
      onSubmit={() => void submit()}
    >
      <FormField label={t('ops.signIn.token')} error={error} required>
        {(control) => (
          <input
            {...control}
            className="input"
            type="password"
            autoComplete="off"
            value={token}
            onChange={(e) => setToken(e.target.value)}
          />
        )}
      </FormField>
    </SignInCard>
  )
}

function Dashboard({ operator }: { operator: string }) {
  const t = useOpsT()
  const { trigger: signOut } = useSignOut()
  const sections = [
    ['ops-settings', t('ops.nav.settings')],
    ['ops-purge', t('ops.nav.purge')],
    ['ops-unblock', t('ops.nav.unblock')],
    ['ops-stats', t('ops.nav.stats')],
    ['ops-audit', t('ops.nav.audit')],
  ] as const
  return (
    <div className="ops-page container">
      <header className="ops-header">
        <h1 className="page-title">{t('ops.title')}</h1>
        <p className="ops-operator">
          {t('ops.signedInAs', { operator })}{' '}
          <button type="button" className="button button-secondary" onClick={() => void signOut()}>
            {t('ops.signOut')}
          </button>
        </p>
        <nav aria-label={t('ops.title')} className="ops-nav">
          {sections.map(([id, label]) => (
            <a key={id} href={`#${id}`}>
              {label}
            </a>
          ))}
        </nav>
      </header>
      <SettingsForm />
      <PurgePanel />
      <UnblockPanel />
      <StatsPanel />
      <AuditLog />
    </div>
  )
}
