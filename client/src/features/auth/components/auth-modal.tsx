import { useCallback, useState } from 'react'
import { ContactFields } from '../../../components/contact-fields'
import { Modal } from '../../../components/modal'
import { PasswordPair } from '../../../components/password-pair'
import { SubmitButton } from '../../../components/submit-button'
import { TextInput } from '../../../components/text-input'
import { captchaUrl } from '../../../lib/api-client'
import { openModal, type ModalState } from '../../../lib/modal-store'
import { setSessionUser } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { useForm } from '../../../lib/use-form'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { passwordPairErrors, validateLogin, validateRegister } from '../../../lib/validation'
import { useLogin } from '../api/login'
import { useRegister } from '../api/register'
import { useResetPassword } from '../api/reset-password'

type AuthState = Extract<ModalState, { mode: 'login' | 'register' | 'reset' | 'reset-done' }>

interface Props {
  state: AuthState
  onClose: () => void
}

/** The login/register modal: login (3), register (2), set new password (5) and its success (4). */
export function AuthModal({ state, onClose }: Props) {
  const t = useT()
  const titles = {
    login: t('modal.login.title'),
    register: t('modal.register.title'),
    reset: t('modal.reset.title'),
    'reset-done': t('modal.reset.done.title'),
  } as const
  return (
    <Modal title={titles[state.mode]} onClose={onClose} size={state.mode === 'register' ? 'large' : 'medium'}>
      {state.mode === 'login' && <LoginForm onClose={onClose} />}
      {state.mode === 'register' && <RegisterForm onClose={onClose} email={state.email} />}
      {state.mode === 'reset' && <ResetForm resetToken={state.resetToken} />}
      {state.mode === 'reset-done' && (
        <div>
          <p className="form-success" role="status">
            {t('modal.reset.done.text')}
          </p>
          <button type="button" className="button button-primary button-block" onClick={() => openModal({ mode: 'login' })} data-autofocus>
            {t('modal.reset.done.login')}
          </button>
        </div>
      )}
    </Modal>
  )
}

/** "No account yet? Register": a question and the link to the other form. */
function SwitchLink({ question, label, to }: { question: string; label: string; to: 'login' | 'register' }) {
  return (
    <span>
      {question}{' '}
      <button type="button" className="link-button" onClick={() => openModal({ mode: to })}>
        {label}
      </button>
    </span>
  )
}

/** The captcha's key: a new one (so a new image and challenge) on each renewal. */
function useCaptcha() {
  const [unTime, setUnTime] = useState(() => Date.now())
  const renew = useCallback(() => setUnTime(Date.now()), [])
  return [unTime, renew] as const
}

function LoginForm({ onClose }: { onClose: () => void }) {
  const t = useT()
  const locale = useLocale()
  const [unTime, renewCaptcha] = useCaptcha()
  const { trigger, isMutating } = useLogin()
  const form = useForm({ loginCode: '', password: '', validCode: '' }, validateLogin)

  const submit = form.onSubmit(
    isMutating,
    async (valid) => {
      const result = await trigger({ ...valid, unTime })
      if (result?.user) setSessionUser(result.user)
      showToast(t('modal.login.success'), 'success')
      onClose()
    },
    () => {
      // The api client has shown the server's message; the code is single-use.
      form.clearField('validCode')
      renewCaptcha()
    },
  )

  return (
    <form noValidate onSubmit={submit}>
      <TextInput {...form.field('loginCode')} label={t('form.loginCode')} required autoComplete="username" data-autofocus />
      <TextInput {...form.field('password')} type="password" label={t('form.password')} required autoComplete="current-password" />
      <div className="captcha-field">
        <TextInput {...form.field('validCode')} label={t('form.validCode')} required autoComplete="off" inputMode="text" maxLength={8} />
        <button
          type="button"
          className="captcha-button"
          onClick={renewCaptcha}
          aria-label={t('form.captchaRefresh')}
          title={t('form.captchaRefresh')}
        >
          <img src={captchaUrl(unTime, locale)} alt={t('form.captchaAlt')} width={120} height={40} />
        </button>
      </div>
      <SubmitButton pending={isMutating} label={t('modal.login.submit')} pendingLabel={t('modal.login.submitting')} />
      <div className="form-links">
        <SwitchLink question={t('modal.login.noAccount')} label={t('modal.login.toRegister')} to="register" />
        <button type="button" className="link-button" onClick={() => openModal({ mode: 'forgot' })}>
          {t('modal.login.forgot')}
        </button>
      </div>
    </form>
  )
}

const emptyRegister = { loginCode: '', password: '', confirmPassword: '', companyName: '', addr: '', email: '', contact: '', name: '' }

function RegisterForm({ onClose, email }: { onClose: () => void; email?: string | undefined }) {
  const t = useT()
  const { trigger, isMutating } = useRegister()
  const form = useForm(email ? { ...emptyRegister, email } : emptyRegister, validateRegister)

  const submit = form.onSubmit(isMutating, async (valid) => {
    const result = await trigger(valid)
    if (result?.user) setSessionUser(result.user)
    showToast(t('modal.register.success'), 'success')
    onClose()
  })

  return (
    <form noValidate onSubmit={submit}>
      <div className="form-grid">
        <TextInput {...form.field('loginCode')} label={t('form.loginCode')} required autoComplete="username" wide data-autofocus />
        <PasswordPair field={form.field} label={t('form.password')} />
        <ContactFields field={form.field} wideEmail />
      </div>
      <SubmitButton pending={isMutating} label={t('modal.register.submit')} pendingLabel={t('modal.register.submitting')} />
      <div className="form-links">
        <SwitchLink question={t('modal.register.hasAccount')} label={t('modal.register.toLogin')} to="login" />
      </div>
    </form>
  )
}

function ResetForm({ resetToken }: { resetToken: string }) {
  const t = useT()
  const { trigger, isMutating } = useResetPassword()
  const form = useForm({ password: '', confirmPassword: '' }, passwordPairErrors)

  const submit = form.onSubmit(isMutating, async (valid) => {
    await trigger({ resetToken, ...valid })
    // The token is spent: drop it from the address so a reload does not reopen this.
    const url = new URL(window.location.href)
    url.searchParams.delete('resetToken')
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
    openModal({ mode: 'reset-done' })
  })

  return (
    <form noValidate onSubmit={submit}>
      <PasswordPair field={form.field} label={t('form.newPassword')} focusFirst />
      <SubmitButton pending={isMutating} label={t('modal.reset.submit')} />
    </form>
  )
}
