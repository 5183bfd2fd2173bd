import { useState, type ComponentProps } from 'react'
import { FormField } from '../../../components/form-field'
import { TextField } from '../kit/form-fields'
import { SignInCard } from '../../../components/sign-in-card'
import { ApiError } from '../../../lib/api-client'
import { useStaffSignIn } from '../api/session'
import { useStaffT } from '../kit/use-staff-t'

const LOCKED = 200004
const CODE = /^[0-9]{6}$/

/** The ended session's code: the sign-in says so. */
const SESSION_ENDED = 300003

interface Props {
  /** How the session check failed, if it did: an ended session is said so, an unreachable server too */
  sessionError?: unknown
  /** The console saw the session end (a call refused mid-work) */
  ended?: boolean
  onSignedIn: () => void
  /** False while the server-rendered form waits for its script (SignInCard) */
  ready?: boolean
  /** A field took the focus, or the form was sent (SignInCard) */
  onEngage?: () => void
}

type Field = 'name' | 'password' | 'totp'

/** Name, password and the authenticator's 6-digit code; the BFF keeps the session in an HttpOnly cookie. */
export function StaffSignIn({ sessionError, ended = false, onSignedIn, ready = true, onEngage }: Props) {
  const t = useStaffT()
  const [values, setValues] = useState<Record<Field, string>>({ name: '', password: '', totp: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [refusal, setRefusal] = useState<{ text: string; locked: boolean }>()
  const { trigger, isMutating } = useStaffSignIn()

  const set = (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value }))

  const submit = async () => {
    const found: Partial<Record<Field, string>> = {}
    if (!values.name.trim()) found.name = t('staff.signIn.nameRequired')
    if (!values.password) found.password = t('staff.signIn.passwordRequired')
    if (!CODE.test(values.totp.trim())) found.totp = t('staff.signIn.codeInvalid')
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setRefusal(undefined)
    try {
      await trigger({ name: values.name.trim(), password: values.password, totp: values.totp.trim() })
      onSignedIn()
    } catch (failure) {
      const locked = failure instanceof ApiError && failure.code === LOCKED
      const text = failure instanceof ApiError && failure.message ? failure.message : t('staff.signIn.failed')
      setRefusal({ text: locked ? `${text} ${t('staff.signIn.lockedHint')}` : text, locked })
      // A code is good once: the next try needs the next one.
      setValues((current) => ({ ...current, password: locked ? '' : current.password, totp: '' }))
    }
  }

  const notice = ended || (sessionError instanceof ApiError && sessionError.code === SESSION_ENDED) ? t('staff.signIn.ended') : undefined
  // A 4xx is the server's answer (nobody signed in); anything else means it could not be asked.
  const unreachable =
    sessionError && !(sessionError instanceof ApiError && sessionError.status >= 400 && sessionError.status < 500)
      ? t('staff.signIn.unreachable')
      : undefined
  const shown = refusal ?? (notice ? { text: notice, locked: true } : unreachable ? { text: unreachable, locked: false } : undefined)
  // The account's name and password: required text boxes, named for what password managers fill.
  const field = (key: 'name' | 'password', attributes: Partial<ComponentProps<typeof TextField>>) => (
    <TextField
      {...attributes}
      label={t(`staff.signIn.${key}`)}
      error={errors[key]}
      required
      value={values[key]}
      onChange={(next) => set(key, next)}
    />
  )

  return (
    <SignInCard
      title={t('staff.signIn.title')}
      lead={t('staff.signIn.lead')}
      error={shown?.text}
      errorTone={shown?.locked ? 'warning' : 'error'}
      submitLabel={t('staff.signIn.submit')}
      pendingLabel={t('staff.signIn.pending')}
      pending={isMutating}
      onSubmit={() => void submit()}
      footer={t('staff.signIn.footer')}
      ready={ready}
      {...(onEngage ? { onEngage } : {})}
    >
      {field('name', { name: 'username', autoComplete: 'username', autoCapitalize: 'none', spellCheck: false })}
      {field('password', { type: 'password', name: 'password', autoComplete: 'current-password' })}
      <FormField label={t('staff.signIn.code')} error={errors.totp} hint={t('staff.signIn.codeHint')} required>
        {(control) => (
          <input
            {...control}
            className="input sign-in-code"
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            value={values.totp}
            onChange={(e) => set('totp', e.target.value.replace(/\D/g, ''))}
          />
        )}
      </FormField>
    </SignInCard>
  )
}
