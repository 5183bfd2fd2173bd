import type { OrderInvoice } from '@rpt/contract'
import { useState, type FormEvent } from 'react'
import { LocalLink } from '../../../components/local-link'
import { SubmitButton } from '../../../components/submit-button'
import { formatPrice } from '../../../lib/format'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { requestInvoice, useTitlesToChoose } from '../api/order-documents'

// The order page's invoice: the request form while there is none (a title
// from the buyer's book and, in Chinese, 数电普票 or 数电专票), then its status,
// number and download link.

const TYPES_ZH = ['82', '81'] as const

export function InvoiceSection({
  orderNo,
  paid,
  invoice,
  onChanged,
}: {
  orderNo: string
  paid: boolean
  invoice: OrderInvoice | null
  onChanged: () => void
}) {
  const t = useT()
  const locale = useLocale()
  if (invoice)
    return (
      <section className="document-section" aria-labelledby="invoice-heading">
        <h2 id="invoice-heading" className="document-heading">
          {t('documents.invoice')}
        </h2>
        <dl className="document-facts">
          <div>
            <dt>{t('documents.invoice.status')}</dt>
            <dd>
              <span className={`status invoice-${invoice.status}`}>{t(`documents.invoice.status.${invoice.status}`)}</span>
            </dd>
          </div>
          <div>
            <dt>{t('documents.invoice.type')}</dt>
            <dd>{t(`documents.invoice.type.${invoice.type as '82' | '81' | 'commercial'}`)}</dd>
          </div>
          <div>
            <dt>{t('documents.invoice.title')}</dt>
            <dd>{invoice.title}</dd>
          </div>
          <div>
            <dt>{t('documents.invoice.amount')}</dt>
            <dd className="num">{formatPrice(invoice.amount, invoice.currency, locale)}</dd>
          </div>
          {invoice.number && (
            <div>
              <dt>{t('documents.invoice.number')}</dt>
              <dd className="num">{invoice.number}</dd>
            </div>
          )}
        </dl>
        {invoice.downloadUrl && (
          <a className="button button-primary" href={invoice.downloadUrl} download>
            {t('documents.invoice.download')}
          </a>
        )}
      </section>
    )
  return (
    <section className="document-section" aria-labelledby="invoice-heading">
      <h2 id="invoice-heading" className="document-heading">
        {t('documents.invoice')}
      </h2>
      {paid ? (
        <RequestForm orderNo={orderNo} onRequested={onChanged} />
      ) : (
        <p className="document-note">{t('documents.invoice.afterPayment')}</p>
      )}
    </section>
  )
}

function RequestForm({ orderNo, onRequested }: { orderNo: string; onRequested: () => void }) {
  const t = useT()
  const locale = useLocale()
  const titles = useTitlesToChoose(locale, true)
  const [titleId, setTitleId] = useState('')
  const [type, setType] = useState<'82' | '81' | 'commercial'>(locale === 'en-US' ? 'commercial' : '82')
  const [pending, setPending] = useState(false)
  const chosen = titles.data?.find((title) => title.id === (titleId || titles.data?.[0]?.id))

  if (titles.data && titles.data.length === 0)
    return (
      <p className="document-note">
        {t('documents.invoice.noTitles')} <LocalLink to="/personalCenter/invoiceTitles">{t('documents.invoice.addTitle')}</LocalLink>
      </p>
    )

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending || !chosen) return
    setPending(true)
    try {
      await requestInvoice({ orderNo, titleId: chosen.id, type })
      onRequested()
    } catch {
      // Message shown by the api client.
    } finally {
      setPending(false)
    }
  }

  return (
    <form className="invoice-request" onSubmit={(event) => void submit(event)} aria-label={t('documents.invoice.request')}>
      <div className="field">
        <label className="field-label" htmlFor="invoice-title">
          {t('documents.invoice.title')}
        </label>
        <select
          id="invoice-title"
          className="input"
          value={chosen?.id ?? ''}
          onChange={(event) => setTitleId(event.target.value)}
          disabled={!titles.data}
        >
          {titles.data?.map((title) => (
            <option key={title.id} value={title.id}>
              {title.name}
              {title.taxNo ? ` · ${title.taxNo}` : ''}
            </option>
          ))}
        </select>
      </div>
      {locale === 'zh-CN' && (
        <fieldset className="field invoice-types">
          <legend className="field-label">{t('documents.invoice.type')}</legend>
          {TYPES_ZH.map((option) => (
            <label key={option} className="radio">
              <input
                type="radio"
                name="invoice-type"
                value={option}
                checked={type === option}
                disabled={option === '81' && !chosen?.special}
                onChange={() => setType(option)}
              />
              {t(`documents.invoice.type.${option}`)}
            </label>
          ))}
          {!chosen?.special && <p className="field-hint">{t('documents.invoice.specialNeeds')}</p>}
        </fieldset>
      )}
      <div className="button-row">
        <SubmitButton pending={pending} label={t('documents.invoice.request')} className="button button-primary" />
        <LocalLink to="/personalCenter/invoiceTitles" className="button button-secondary">
          {t('documents.invoice.manageTitles')}
        </LocalLink>
      </div>
    </form>
  )
}
