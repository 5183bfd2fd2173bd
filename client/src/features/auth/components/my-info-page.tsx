import type { User } from '@rpt/contract'
import { useEffect, useRef, useState } from 'react'
import { LoadError } from '../../../components/state-message'
import { Skeleton } from '../../../components/skeleton'
import { ContactFields } from '../../../components/contact-fields'
import { SubmitButton } from '../../../components/submit-button'
import { setSessionUser, useForgetUserWhenRejected, useSessionUser } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { useForm } from '../../../lib/use-form'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { validateContactInfo } from '../../../lib/validation'
import { useUpdateUser } from '../api/update-user'
import { useUserInfo } from '../api/user-info'
import '../../../styles/account.css'
import { AccountPage } from '../../../components/account-page'
import { LoginPrompt } from '../../../components/login-prompt'

const FIELDS = ['companyName', 'addr', 'name', 'contact', 'email'] as const

export default function MyInfoPage() {
  const t = useT()
  const locale = useLocale()
  const user = useSessionUser()
  const info = useUserInfo(locale, Boolean(user))
  const { data, isLoading, mutate } = info
  useForgetUserWhenRejected(info.error)
  const [editing, setEditing] = useState(false)

  return (
    <AccountPage
      current="info"
      title={t('account.info')}
      action={
        data &&
        !editing && (
          <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
            {t('common.edit')}
          </button>
        )
      }
    >
      {!user ? (
        <LoginPrompt />
      ) : info.error ? (
        <LoadError onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <div className="info-list">
          {FIELDS.map((f) => (
            <Skeleton key={f} height={20} width="60%" />
          ))}
        </div>
      ) : editing ? (
        <EditForm
          info={data}
          onDone={(next) => {
            setEditing(false)
            if (next) {
              void mutate({ ...data, ...next }, { revalidate: true })
              if (next.name) setSessionUser({ ...user, name: next.name })
            }
          }}
        />
      ) : (
        <dl className="info-list">
          <div className="info-row">
            <dt>{t('account.loginName')}</dt>
            <dd>{data.loginCode || user.name}</dd>
          </div>
          {FIELDS.map((f) => (
            <div key={f} className="info-row">
              <dt>{t(`form.${f}`)}</dt>
              <dd>{data[f] || '—'}</dd>
            </div>
          ))}
        </dl>
      )}
    </AccountPage>
  )
}

function EditForm({ info, onDone }: { info: User; onDone: (next?: Partial<User>) => void }) {
  const t = useT()
  const { trigger, isMutating } = useUpdateUser()
  const form = useForm(
    {
      companyName: info.companyName ?? '',
      addr: info.addr ?? '',
      name: info.name ?? '',
      contact: info.contact ?? '',
      email: info.email ?? '',
    },
    validateContactInfo,
  )
  // The form replaces the details in place: the first field takes the focus.
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus()
  }, [])

  const submit = form.onSubmit(isMutating, async (valid) => {
    const trimmed = Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, v.trim()])) as typeof valid
    await trigger(trimmed)
    showToast(t('account.saved'), 'success')
    onDone(trimmed)
  })

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="account-form">
      <div className="form-grid">
        <ContactFields field={form.field} />
      </div>
      <div className="button-row">
        <SubmitButton pending={isMutating} label={t('common.save')} className="button button-primary" />
        <button type="button" className="button button-secondary" onClick={() => onDone()}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  )
}
