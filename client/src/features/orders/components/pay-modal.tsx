import type { PayData } from '@rpt/contract'
import { QRCodeSVG } from 'qrcode.react'
import { useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { Modal } from '../../../components/modal'
import { SubmitButton } from '../../../components/submit-button'
import { isIOS, payMethodFor, type PayChoice } from '../../../lib/device'
import { formatPrice } from '../../../lib/format'
import { localizePath } from '../../../lib/locale'
import type { PayTarget } from '../../../lib/modal-store'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { usePayOrder } from '../api/pay-order'
import { OrderTransfer } from './order-transfer'
import './orders.css'

/** Opens the Alipay cashier: the same window on iOS (pop-ups are blocked there), a new one otherwise. */
export function openPayUrl(url: string, ios = isIOS()): void {
  if (ios) window.location.href = url
  else window.open(url, '_blank', 'noopener')
}

/**
 * Bank transfer is offered from this amount (in the order's currency, CNY or USD) up: every report licence, which a
 * company's finance department pays against a proforma, but not a bulletin of a few hundred, which nobody wires.
 */
export const BANK_TRANSFER_FROM = 1000

type Choice = PayChoice | 'bank'

/** Modal mode 4: choose Alipay, WeChat Pay or (for larger amounts) bank transfer; WeChat on desktop continues in the QR dialog. */
export function PayModal({ target, onClose }: { target: PayTarget; onClose: () => void }) {
  const t = useT()
  const locale = useLocale()
  const [, navigate] = useLocation()
  const [choice, setChoice] = useState<Choice>('alipay')
  const choices: Choice[] = target.payPrice >= BANK_TRANSFER_FROM ? ['alipay', 'wechat', 'bank'] : ['alipay', 'wechat']
  const [answer, setAnswer] = useState<PayData | null>(null)
  const { trigger, isMutating } = usePayOrder()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (isMutating) return
    try {
      const result = await trigger({ target, payMethod: choice === 'bank' ? 'bank' : payMethodFor(choice) })
      setAnswer(result)
      // A transfer is made at the buyer's bank: its details show here, nothing opens.
      if (result.payMethod !== 'wx' && !result.transfer) openPayUrl(result.orderPayUrl)
    } catch {
      // The api client has shown the reason (e.g. an unpaid order already exists).
    }
  }

  const goTo = (path: string) => {
    onClose()
    navigate(localizePath(locale, path))
  }
  const payBack = answer ? `/personalCenter/payBack?orderNo=${encodeURIComponent(answer.orderNo)}` : '/personalCenter/moreOrders'

  if (answer?.payMethod === 'wx') {
    return (
      <Modal title={t('pay.qrTitle')} onClose={onClose} size="small">
        <div className="qr-box">
          <QRCodeSVG value={answer.orderPayUrl} level="M" size={200} role="img" aria-label={t('pay.qrAlt')} />
          <p className="qr-text">{t('pay.qrText')}</p>
          <p className="price num">{formatPrice(target.payPrice, target.currency, locale)}</p>
        </div>
        <div className="button-row">
          <button type="button" className="button button-primary button-block" onClick={() => goTo(payBack)} data-autofocus>
            {t('pay.done')}
          </button>
          <button type="button" className="button button-secondary button-block" onClick={() => goTo('/personalCenter/moreOrders')}>
            {t('pay.viewOrders')}
          </button>
        </div>
      </Modal>
    )
  }

  if (answer?.transfer) {
    return (
      <Modal title={t('pay.bank')} onClose={onClose} size="small">
        <OrderTransfer proforma={answer.transfer} />
        <div className="button-row">
          <button
            type="button"
            className="button button-primary button-block"
            onClick={() => goTo('/personalCenter/moreOrders')}
            data-autofocus
          >
            {t('pay.viewOrders')}
          </button>
        </div>
      </Modal>
    )
  }

  return (
    <Modal title={t('pay.title')} onClose={onClose} size="small">
      {answer ? (
        <div>
          <p className="form-success" role="status">
            {t('pay.opened')}
          </p>
          <div className="button-row">
            <button type="button" className="button button-primary button-block" onClick={() => goTo(payBack)} data-autofocus>
              {t('pay.done')}
            </button>
            <button type="button" className="button button-secondary button-block" onClick={() => openPayUrl(answer.orderPayUrl)}>
              {t('pay.reopen')}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          <dl className="pay-summary">
            <div>
              <dt>{t('pay.product')}</dt>
              <dd>{target.title}</dd>
            </div>
            <div>
              <dt>{t('pay.amount')}</dt>
              <dd className="price num">{formatPrice(target.payPrice, target.currency, locale)}</dd>
            </div>
          </dl>
          <fieldset className="fieldset pay-choices">
            <legend className="visually-hidden">{t('pay.title')}</legend>
            {choices.map((value) => (
              <label key={value} className={`pay-choice${choice === value ? ' is-selected' : ''}`}>
                <input
                  type="radio"
                  name="payMethod"
                  value={value}
                  checked={choice === value}
                  onChange={() => setChoice(value)}
                  data-autofocus={value === 'alipay' ? true : undefined}
                />
                <span className={`pay-logo pay-logo-${value}`} aria-hidden="true">
                  {value === 'alipay' ? '支' : value === 'wechat' ? '微' : '汇'}
                </span>
                <span>
                  {t(value === 'alipay' ? 'pay.alipay' : value === 'wechat' ? 'pay.wechat' : 'pay.bank')}
                  {value === 'bank' && <span className="pay-choice-hint">{t('pay.bankHint')}</span>}
                </span>
              </label>
            ))}
          </fieldset>
          <SubmitButton pending={isMutating} label={t('pay.submit')} pendingLabel={t('pay.submitting')} />
        </form>
      )}
    </Modal>
  )
}
