import { useState } from 'react'
import { Modal } from '../../../components/modal'
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
      {state.mode === 'register' && <RegisterForm onClose={onClose} />}
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

function LoginForm({ onClose }: { onClose: () => void }) {
  const t = useT()
  const locale = useLocale()
  const [unTime, setUnTime] = useState(() => Date.now())
  const { trigger, isMutating } = useLogin()
  const form = useForm({ loginCode: '', password: '', validCode: '' }, validateLogin)
  const { values, errors } = form

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
      setUnTime(Date.now())
    },
  )

  return (
    <form ref={form.ref} noValidate onSubmit={submit}>
      <TextInput {...form.field('loginCode')} label={t('form.loginCode')} required autoComplete="username" data-autofocus />
      <TextInput {...form.field('password')} type="password" label={t('form.password')} required autoComplete="current-password" />
      <div className="captcha-field">
        <TextInput {...form.field('validCode')} label={t('form.validCode')} required autoComplete="off" inputMode="text" maxLength={8} />
        <button
          type="button"
          className="captcha-button"
          onClick={() => setUnTime(Date.now())}
          aria-label={t('form.captchaRefresh')}
          title={t('form.captchaRefresh')}
        >
          <img src={captchaUrl(unTime, locale)} alt={t('form.captchaAlt')} width={120} height={40} />
        </button>
      </div>
      <button type="submit" className="button button-primary button-block button-large" disabled={isMutating}>
        {isMutating ? t('modal.login.submitting') : t('modal.login.submit')}
      </button>
      <div className="form-links">
        <span>
          {t('modal.login.noAccount')}{' '}
          <button type="button" className="link-button" onClick={() => openModal({ mode: 'register' })}>
            {t('modal.login.toRegister')}
          </button>
        </span>
        <button type="button" className="link-button" onClick={() => openModal({ mode: 'forgot' })}>
          {t('modal.login.forgot')}
        </button>
      </div>
    </form>
  )
}

const emptyRegister = { loginCode: '', password: '', confirmPassword: '', companyName: '', addr: '', email: '', contact: '', name: '' }

function RegisterForm({ onClose }: { onClose: () => void }) {
  const t = useT()
  const { trigger, isMutating } = useRegister()
  const form = useForm(emptyRegister, validateRegister)
  const { values, errors } = form

  const submit = form.onSubmit(isMutating, async (valid) => {
    const result = await trigger(valid)
    if (result?.user) setSessionUser(result.user)
    showToast(t('modal.register.success'), 'success')
    onClose()
  })

  return (
    <form ref={form.ref} noValidate onSubmit={submit}>
      <div className="form-grid">
        <TextInput {...form.field('loginCode')} label={t('form.loginCode')} required autoComplete="username" wide data-autofocus />
        <TextInput {...form.field('password')} type="password" label={t('form.password')} required autoComplete="new-password" />
        <TextInput
          {...form.field('confirmPassword')}
          type="password"
          label={t('form.confirmPassword')}
          required
          autoComplete="new-password"
        />
        <TextInput {...form.field('companyName')} label={t('form.companyName')} required autoComplete="organization" />
        <TextInput {...form.field('addr')} label={t('form.addr')} autoComplete="organization-title" />
        <TextInput {...form.field('name')} label={t('form.name')} required autoComplete="name" />
        <TextInput {...form.field('contact')} type="tel" label={t('form.contact')} required autoComplete="tel" hint={t('form.phoneHint')} />
        <TextInput {...form.field('email')} type="email" label={t('form.email')} required autoComplete="email" wide />
      </div>
      <button type="submit" className="button button-primary button-block button-large" disabled={isMutating}>
        {isMutating ? t('modal.register.submitting') : t('modal.register.submit')}
      </button>
      <div className="form-links">
        <span>
          {t('modal.register.hasAccount')}{' '}
          <button type="button" className="link-button" onClick={() => openModal({ mode: 'login' })}>
            {t('modal.register.toLogin')}
          </button>
        </span>
      </div>
    </form>
  )
}

function ResetForm({ resetToken }: { resetToken: string }) {
  const t = useT()
  const { trigger, isMutating } = useResetPassword()
  const form = useForm({ password: '', confirmPassword: '' }, passwordPairErrors)
  const { values, errors } = form

  const submit = form.onSubmit(isMutating, async (valid) => {
    await trigger({ resetToken, ...valid })
    // The token is spent: drop it from the address so a reload does not reopen this.
    const url = new URL(window.location.href)
    url.searchParams.delete('resetToken')
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
    openModal({ mode: 'reset-done' })
  })

  return (
    <form ref={form.ref} noValidate onSubmit={submit}>
      <TextInput
        {...form.field('password')}
        type="password"
        label={t('form.newPassword')}
        required
        autoComplete="new-password"
        data-autofocus
      />
      <TextInput
        {...form.field('confirmPassword')}
        type="password"
        label={t('form.confirmPassword')}
        required
        autoComplete="new-password"
      />
      <button type="submit" className="button button-primary button-block button-large" disabled={isMutating}>
        {isMutating ? t('common.submitting') : t('modal.reset.submit')}
      </button>
    </form>
  )
}
