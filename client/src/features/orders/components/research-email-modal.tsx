import { Modal } from '../../../components/modal'
import { SubmitButton } from '../../../components/submit-button'
import { TextInput } from '../../../components/text-input'
import { formatPrice } from '../../../lib/format'
import { openModal, type ResearchOrderSummary } from '../../../lib/modal-store'
import { useForm } from '../../../lib/use-form'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { validateEmailPair } from '../../../lib/validation'
import { useUpdateResearchEmail } from '../api/update-research-email'

const EDITIONS = ['standard', 'professional'] as const
const LICENCES = ['single', 'multi', 'enterprise'] as const

/** Modal mode 6: confirm where the report goes, then pay. */
export function ResearchEmailModal({ order, onClose }: { order: ResearchOrderSummary; onClose: () => void }) {
  const t = useT()
  const locale = useLocale()
  const { trigger, isMutating } = useUpdateResearchEmail()
  const form = useForm({ email: order.email ?? '', confirmEmail: '' }, validateEmailPair)
  const edition = EDITIONS.find((e) => e === order.edition)
  const licence = LICENCES.find((l) => l === order.licence)

  const submit = form.onSubmit(isMutating, async (valid) => {
    await trigger({ id: order.id, ...valid })
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
      <p>{t('research.emailIntro')}</p>
      <form noValidate onSubmit={submit}>
        <TextInput {...form.field('email')} type="email" label={t('research.email')} required autoComplete="email" data-autofocus />
        <TextInput {...form.field('confirmEmail')} type="email" label={t('research.confirmEmail')} required autoComplete="email" />
        <SubmitButton pending={isMutating} label={t('research.continue')} />
      </form>
    </Modal>
  )
}
