import { useLocation } from 'wouter'
import { BarePage } from '../../../components/bare-page'
import { FormBody } from '../../../components/form-body'
import { LocalLink } from '../../../components/local-link'
import { PasswordPair } from '../../../components/password-pair'
import { SubmitButton } from '../../../components/submit-button'
import { localizePath } from '../../../lib/locale'
import { openModal } from '../../../lib/modal-store'
import { useSessionUser } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { useForm } from '../../../lib/use-form'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { passwordPairErrors } from '../../../lib/validation'
import { useUpdatePassword } from '../api/update-password'
import '../../../styles/account.css'

/** Shown without header and footer, as the spec asks. */
export default function UpdatePasswordPage() {
  const t = useT()
  const locale = useLocale()
  const [, navigate] = useLocation()
  const user = useSessionUser()
  const { trigger, isMutating } = useUpdatePassword()
  const form = useForm({ password: '', confirmPassword: '' }, passwordPairErrors)

  const submit = form.onSubmit(isMutating, async (valid) => {
    await trigger(valid)
    showToast(t('account.pwdSaved'), 'success')
    navigate(localizePath(locale, '/personalCenter/myInfo'))
  })

  return (
    <BarePage>
      <h1 className="page-title">{t('account.password')}</h1>
      {!user ? (
        <div>
          <p className="muted">{t('account.needLogin')}</p>
          <button type="button" className="button button-primary" onClick={() => openModal({ mode: 'login' })}>
            {t('header.login')}
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={submit}>
          <FormBody>
            <PasswordPair field={form.field} label={t('form.newPassword')} />
            <SubmitButton pending={isMutating} label={t('common.save')} />
          </FormBody>
        </form>
      )}
      <p className="bare-back">
        <LocalLink to="/personalCenter/myInfo">← {t('account.back')}</LocalLink>
      </p>
    </BarePage>
  )
}
