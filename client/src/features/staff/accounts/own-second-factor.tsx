import { useState } from 'react'
import { ApiError } from '../../../lib/api-client'
import { confirmSecondFactor, startSecondFactor, type SecondFactorEnrollment } from '../api/staff-accounts'
import { TextField } from '../kit/form-fields'
import { formatDateTime } from '../kit/format'
import { useStaff } from '../kit/staff-context'
import { useAttempt } from '../kit/use-attempt'
import { useStaffT } from '../kit/use-staff-t'
import { CurrentPasswordField, FormOutcome, OwnAccountForm } from './password-fields'
import { TotpSetup } from './totp-setup'

const CODE = /^[0-9]{6}$/
/** The setup expired or is not this member's: it has to start again. */
const ENROLLMENT_INVALID = 300012

/**
 * startSecondFactor, then confirmSecondFactor: the new secret is shown (once) and replaces the old only when
 * a code of the new authenticator and the current password confirm it; until then the old one signs in.
 */
export function OwnSecondFactor() {
  const t = useStaffT()
  const { locale } = useStaff()
  const [enrollment, setEnrollment] = useState<SecondFactorEnrollment>()
  const [values, setValues] = useState({ password: '', code: '' })
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({})
  const [done, setDone] = useState<string>()
  const { pending, failure, attempt } = useAttempt(t('staff.account.failed'))

  const start = () => {
    setDone(undefined)
    void attempt(async () => setEnrollment(await startSecondFactor()))
  }
  const confirm = (started: SecondFactorEnrollment) => {
    const found = {
      ...(values.password ? {} : { password: t('staff.account.currentRequired') }),
      ...(CODE.test(values.code) ? {} : { code: t('staff.account.totp.codeInvalid') }),
    }
    setErrors(found)
    if (Object.keys(found).length > 0) return
    void attempt(
      async () => {
        const { sessionsEnded } = await confirmSecondFactor({
          currentPassword: values.password,
          enrollment: started.enrollment,
          totp: values.code,
        })
        setEnrollment(undefined)
        setValues({ password: '', code: '' })
        setDone(t('staff.account.totp.done', { count: sessionsEnded }))
      },
      (error) => {
        // A code is good once: the next try needs the next one. An expired setup starts again.
        setValues((current) => ({ ...current, code: '' }))
        if (error instanceof ApiError && error.code === ENROLLMENT_INVALID) setEnrollment(undefined)
      },
    )
  }

  return (
    <OwnAccountForm
      id="staff-account-totp"
      title={t('staff.account.totp.title')}
      onSubmit={() => (enrollment ? confirm(enrollment) : start())}
    >
      <p className="staff-meta">{t('staff.account.totp.lead')}</p>
      {enrollment && (
        <>
          <p>{t('staff.account.totp.scan')}</p>
          <TotpSetup otpauthUri={enrollment.otpauthUri} label={t('staff.account.totp.qr')} />
          <p className="staff-meta">{t('staff.account.totp.expires', { at: formatDateTime(enrollment.expiresAt, locale) })}</p>
          <TextField
            label={t('staff.account.totp.code')}
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.code}
            value={values.code}
            onChange={(code) => setValues((current) => ({ ...current, code: code.replace(/\D/g, '') }))}
          />
          <CurrentPasswordField
            error={errors.password}
            value={values.password}
            onChange={(password) => setValues((current) => ({ ...current, password }))}
          />
        </>
      )}
      <FormOutcome failure={failure} done={done} />
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={pending}>
          {enrollment
            ? pending
              ? t('staff.account.totp.confirming')
              : t('staff.account.totp.confirm')
            : pending
              ? t('staff.account.totp.starting')
              : t('staff.account.totp.start')}
        </button>
        {enrollment && (
          <button type="button" className="button button-secondary" disabled={pending} onClick={() => setEnrollment(undefined)}>
            {t('staff.account.totp.cancel')}
          </button>
        )}
      </div>
    </OwnAccountForm>
  )
}
