import { useState } from 'react'
import { Modal } from '../../../components/modal'
import { SubmitButton } from '../../../components/submit-button'
import { TextInput } from '../../../components/text-input'
import { showToast } from '../../../lib/toast'
import { useForm } from '../../../lib/use-form'
import { useT } from '../../../lib/use-t'
import { validateForgot } from '../../../lib/validation'
import { useForgotPassword } from '../api/forgot-password'

/** Forgot password: the e-mail form (mode 3), then the sent confirmation (mode 4). */
export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const t = useT()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const { trigger, isMutating } = useForgotPassword()
  const form = useForm({ email: '' }, validateForgot)

  const submit = form.onSubmit(isMutating, async (valid) => {
    await trigger(valid.email)
    showToast(t('modal.forgot.sent'), 'success')
    setSentTo(valid.email.trim())
  })

  return (
    <Modal title={sentTo ? t('modal.forgot.sentTitle') : t('modal.forgot.title')} onClose={onClose}>
      {sentTo ? (
        <div>
          <p className="form-success" role="status">
            {t('modal.forgot.sentText', { email: sentTo })}
          </p>
          <button type="button" className="button button-primary button-block" onClick={onClose} data-autofocus>
            {t('common.confirm')}
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={submit}>
          <p className="muted">{t('modal.forgot.intro')}</p>
          <TextInput {...form.field('email')} type="email" label={t('form.email')} required autoComplete="email" data-autofocus />
          <SubmitButton pending={isMutating} label={t('modal.forgot.submit')} pendingLabel={t('modal.forgot.sending')} />
        </form>
      )}
    </Modal>
  )
}
