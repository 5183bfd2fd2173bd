import type { TransferDetails } from '@rpt/contract'
import { useState } from 'react'
import { formatPrice } from '../../../lib/format'
import type { Locale } from '../../../lib/locale'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import './orders.css'

/** The deadline in the publisher's day and time (China) in Chinese; in UTC in English, said so. */
export function formatDeadline(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: locale === 'zh-CN' ? 'Asia/Shanghai' : 'UTC',
    timeZoneName: 'short',
  }).format(new Date(iso))
}

/** Copies the reference; without a clipboard (an insecure origin, a refused permission) it stays selectable to copy by hand. */
function CopyButton({ text }: { text: string }) {
  const t = useT()
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  return (
    <button type="button" className="button button-secondary transfer-copy" onClick={() => void copy()} aria-live="polite">
      {copied ? t('transfer.copied') : t('transfer.copy')}
    </button>
  )
}

/**
 * A bank transfer as the buyer pays it: the reference to write in the
 * transfer's remark (with a copy button), the publisher's account, the
 * amount, the deadline and the proforma invoice; once finance has recorded
 * it, that it arrived. The pay modal shows it after the choice, and the
 * order's page shows getOrderDocuments' `proforma` with it.
 */
/** `heading`: h3 inside the pay modal, h2 as a section of the order page. */
export function OrderTransfer({ proforma, heading: Heading = 'h3' }: { proforma: TransferDetails; heading?: 'h2' | 'h3' }) {
  const t = useT()
  const locale = useLocale()
  const { account } = proforma
  return (
    <section className="transfer" aria-labelledby="transfer-heading">
      <Heading id="transfer-heading" className="transfer-heading">
        {t('transfer.heading')}
      </Heading>
      {proforma.received ? (
        <p className="form-success" role="status">
          {t('transfer.received')}
        </p>
      ) : (
        <p className="transfer-lead">{t('transfer.lead')}</p>
      )}
      <div className="transfer-reference">
        <span className="transfer-label">{t('transfer.reference')}</span>
        <code className="transfer-code" data-testid="transfer-reference">
          {proforma.reference}
        </code>
        {!proforma.received && <CopyButton text={proforma.reference} />}
      </div>
      <dl className="pay-summary transfer-details">
        <div>
          <dt>{t('transfer.amount')}</dt>
          <dd className="price num">{formatPrice(proforma.amount, proforma.currency, locale)}</dd>
        </div>
        <div>
          <dt>{t('transfer.accountName')}</dt>
          <dd>{account.name}</dd>
        </div>
        <div>
          <dt>{t('transfer.bank')}</dt>
          <dd>{account.bank}</dd>
        </div>
        <div>
          <dt>{t('transfer.number')}</dt>
          <dd className="num">{account.number}</dd>
        </div>
        {account.swift && (
          <div>
            <dt>{t('transfer.swift')}</dt>
            <dd className="num">{account.swift}</dd>
          </div>
        )}
        {!proforma.received && (
          <div>
            <dt>{t('transfer.deadline')}</dt>
            <dd>{formatDeadline(proforma.deadline, locale)}</dd>
          </div>
        )}
      </dl>
      <a className="button button-secondary button-block" href={proforma.downloadUrl} target="_blank" rel="noopener">
        {t('transfer.proforma')}
      </a>
    </section>
  )
}
