import { useRef, useState, type FormEvent } from 'react'
import { Modal } from '../../../components/modal'
import { TextInput } from '../../../components/text-input'
import { showToast } from '../../../lib/toast'
import { useForm } from '../../../lib/use-form'
import { useT } from '../../../lib/use-t'
import { validateForgot } from '../../../lib/validation'
import { useForgotPassword } from '../api/forgot-password'

/** Forgot password: the e-mail form (mode 3), then the sent confirmation (mode 4). */
export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const t = useT()
  const formRef = useRef<HTMLFormElement>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const { trigger, isMutating } = useForgotPassword()
  const form = useForm({ email: '' }, validateForgot)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (isMutating) return
    const valid = form.check(formRef.current)
    if (!valid) return
    try {
      await trigger(valid.email)
      showToast(t('modal.forgot.sent'), 'success')
      setSentTo(valid.email.trim())
    } catch {
      // Message shown by the api client.
    }
  }

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
        <form ref={formRef} noValidate onSubmit={(e) => void submit(e)}>
          <p className="muted">{t('modal.forgot.intro')}</p>
          <TextInput
            name="email"
            type="email"
            label={t('form.email')}
            required
            autoComplete="email"
            value={form.values.email}
            error={form.errors.email}
            onValue={form.setField}
            onBlurField={form.blurField}
            data-autofocus
          />
          <button type="submit" className="button button-primary button-block button-large" disabled={isMutating}>
            {isMutating ? t('modal.forgot.sending') : t('modal.forgot.submit')}
          </button>
        </form>
      )}
    </Modal>
  )
}
