import { useState } from 'react'
import { changeOwnPassword, PASSWORD_MAX, PASSWORD_MIN } from '../api/staff-accounts'
import { TextField } from '../kit/form-fields'
import { SectionHead } from '../kit/section-head'
import { useStaff } from '../kit/staff-context'
import { useAttempt } from '../kit/use-attempt'
import { useStaffT } from '../kit/use-staff-t'
import { CurrentPasswordField, FormOutcome, OwnAccountForm } from './password-fields'
import { OwnSecondFactor } from './own-second-factor'
import './accounts.css'

/** Every member's own account, reached from their name in the header: their password and their second factor. */
export function OwnAccountPage() {
  const t = useStaffT()
  const { staff } = useStaff()
  return (
    <section className="staff-section" aria-labelledby="staff-account-title">
      <SectionHead id="staff-account-title" title={t('staff.account.title')} />
      <p className="staff-meta">{t('staff.account.lead', { name: staff.name, role: t(`staff.role.${staff.role}`) })}</p>
      <div className="staff-account-forms">
        <OwnPassword />
        <OwnSecondFactor />
      </div>
    </section>
  )
}

type Field = 'current' | 'next' | 'repeat'

/** changeOwnPassword: the current password, and a new one typed twice (the server holds it to the same length). */
function OwnPassword() {
  const t = useStaffT()
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', repeat: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [done, setDone] = useState<string>()
  const { pending, failure, attempt } = useAttempt(t('staff.account.failed'))

  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }))
  const submit = () => {
    const found: Partial<Record<Field, string>> = {}
    if (!values.current) found.current = t('staff.account.currentRequired')
    if (values.next.length < PASSWORD_MIN) found.next = t('staff.account.tooShort')
    else if (values.next.length > PASSWORD_MAX) found.next = t('staff.account.tooLong')
    else if (values.next === values.current) found.next = t('staff.account.same')
    if (!found.next && values.repeat !== values.next) found.repeat = t('staff.account.differ')
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setDone(undefined)
    void attempt(async () => {
      const { sessionsEnded } = await changeOwnPassword(values.current, values.next)
      setValues({ current: '', next: '', repeat: '' })
      setDone(t('staff.account.password.done', { count: sessionsEnded }))
    })
  }

  return (
    <OwnAccountForm id="staff-account-password" title={t('staff.account.password.title')} onSubmit={submit}>
      <CurrentPasswordField error={errors.current} value={values.current} onChange={set('current')} />
      {(['next', 'repeat'] as const).map((field) => (
        <TextField
          key={field}
          label={t(field === 'next' ? 'staff.account.newPassword' : 'staff.account.repeatPassword')}
          type="password"
          autoComplete="new-password"
          required
          hint={field === 'next' ? t('staff.account.newPasswordHint') : undefined}
          error={errors[field]}
          maxLength={PASSWORD_MAX}
          value={values[field]}
          onChange={set(field)}
        />
      ))}
      <FormOutcome failure={failure} done={done} />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? t('staff.account.password.pending') : t('staff.account.password.submit')}
      </button>
    </OwnAccountForm>
  )
}
