import { useT } from '../lib/use-t'
import { TextInput, type FieldBinding } from './text-input'

const FIELDS = ['companyName', 'addr', 'name', 'contact', 'email'] as const
export type ContactField = (typeof FIELDS)[number]

const AUTOCOMPLETE: Record<ContactField, string> = {
  companyName: 'organization',
  addr: 'organization-title',
  name: 'name',
  contact: 'tel',
  email: 'email',
}

interface Props {
  /** useForm's `field`, for a form with the five contact fields. */
  field: (name: ContactField) => FieldBinding
  /** The e-mail field spans the form's grid. */
  wideEmail?: boolean
  /** Caps the lengths as the requests' columns do. */
  limited?: boolean
  /** The company field takes the focus when the modal opens. */
  focusFirst?: boolean
}

/** A customer's contact details (company, address, name, phone, e-mail), as registering, the profile and requests ask for them. */
export function ContactFields({ field, wideEmail, limited, focusFirst }: Props) {
  const t = useT()
  return FIELDS.map((f, index) => (
    <TextInput
      key={f}
      {...field(f)}
      label={t(`form.${f}`)}
      required={f !== 'addr'}
      type={f === 'email' ? 'email' : f === 'contact' ? 'tel' : 'text'}
      autoComplete={AUTOCOMPLETE[f]}
      hint={f === 'contact' ? t('form.phoneHint') : undefined}
      {...(limited ? { maxLength: f === 'contact' ? 40 : 200 } : {})}
      wide={wideEmail && f === 'email'}
      {...(focusFirst && index === 0 ? { 'data-autofocus': true } : {})}
    />
  ))
}
