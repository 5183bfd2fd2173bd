import { useState } from 'react'
import { Modal } from '../../../components/modal'
import { SubmitButton } from '../../../components/submit-button'
import { TextInput } from '../../../components/text-input'
import { formatPrice } from '../../../lib/format'
import { openModal, type ResearchOrderSummary } from '../../../lib/modal-store'
import { useForm } from '../../../lib/use-form'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { validateEmailPair } from '../../../lib/validation'
import { usePaperCopyEditions } from '../api/paper-copy-editions'
import { useUpdateResearchEmail } from '../api/update-research-email'
import { PaperCopyAddress } from './paper-copy-address'
import '../../../components/address-form.css'

const EDITIONS = ['standard', 'professional'] as const
const LICENCES = ['single', 'multi', 'enterprise'] as const

/** Modal mode 6: confirm where the report goes (and, for an edition with a paper copy, where the copy goes), then pay. */
export function ResearchEmailModal({ order, onClose }: { order: ResearchOrderSummary; onClose: () => void }) {
  const t = useT()
  const locale = useLocale()
  const { trigger, isMutating } = useUpdateResearchEmail()
  const form = useForm({ email: order.email ?? '', confirmEmail: '' }, validateEmailPair)
  const edition = EDITIONS.find((e) => e === order.edition)
  const licence = LICENCES.find((l) => l === order.licence)
  const paperEditions = usePaperCopyEditions(locale)
  const paperCopy = Boolean(order.edition && paperEditions.data?.includes(order.edition))
  const [addressId, setAddressId] = useState<string | undefined>()
  const [addressMissing, setAddressMissing] = useState(false)

  const submit = form.onSubmit(isMutating, async (valid) => {
    if (paperCopy && !addressId) {
      setAddressMissing(true)
      document.querySelector<HTMLElement>('.paper-copy input, .paper-copy select')?.focus()
      return
    }
    await trigger({ id: order.id, ...valid, ...(paperCopy ? { addressId } : {}) })
    openModal({
      mode: 'pay',
      target: { kind: 'research', orderId: order.id, title: order.title, payPrice: order.payPrice, currency: order.currency },
    })
  })

  return (
    <Modal title={t('research.emailTitle')} onClose={onClose}>
      <p className="modal-context">{order.title}</p>
      <p className="muted small">
        {t('research.order', {
          orderNo: order.orderNo,
          edition: edition ? t(`reports.edition.${edition}`) : '—',
          licence: licence ? t(`reports.licence.${licence}`) : '—',
        })}{' '}
        · <span className="num">{formatPrice(order.payPrice, order.currency, locale)}</span>
      </p>
      {paperCopy && (
        <PaperCopyAddress
          chosen={addressId}
          error={addressMissing && !addressId}
          onChoose={(id) => {
            setAddressId(id)
            setAddressMissing(false)
          }}
        />
      )}
      <p>{t('research.emailIntro')}</p>
      <form noValidate onSubmit={submit}>
        <TextInput {...form.field('email')} type="email" label={t('research.email')} required autoComplete="email" data-autofocus />
        <TextInput {...form.field('confirmEmail')} type="email" label={t('research.confirmEmail')} required autoComplete="email" />
        <SubmitButton pending={isMutating || (!paperEditions.data && !paperEditions.error)} label={t('research.continue')} />
      </form>
    </Modal>
  )
}
