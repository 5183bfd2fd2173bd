import { useT } from '../lib/use-t'
import { TextInput, type FieldBinding } from './text-input'

interface Props {
  /** useForm's `field`, for a form with `password` and `confirmPassword`. */
  field: (name: 'password' | 'confirmPassword') => FieldBinding
  /** The first field's label: "Password" when registering, "New password" when changing it. */
  label: string
  /** Takes the focus when the modal opens. */
  focusFirst?: boolean
}

/** A new password and its confirmation, as registering and both password changes ask for them. */
export function PasswordPair({ field, label, focusFirst }: Props) {
  const t = useT()
  return (
    <>
      <TextInput
        {...field('password')}
        type="password"
        label={label}
        required
        autoComplete="new-password"
        {...(focusFirst ? { 'data-autofocus': true } : {})}
      />
      <TextInput {...field('confirmPassword')} type="password" label={t('form.confirmPassword')} required autoComplete="new-password" />
    </>
  )
}
