import { useState } from 'react'
import { AddressForm } from '../../../components/address-form'
import { Skeleton } from '../../../components/skeleton'
import { useAddresses } from '../../../lib/addresses'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'

interface Props {
  chosen: string | undefined
  onChoose: (addressId: string) => void
  error?: boolean
}

/**
 * The research order's e-mail step, for an edition with a paper copy: an
 * address from the book, or a new one (saved into the book, then chosen).
 */
export function PaperCopyAddress({ chosen, onChoose, error }: Props) {
  const t = useT()
  const locale = useLocale()
  const book = useAddresses(locale)
  const [adding, setAdding] = useState(false)
  const list = book.data?.list ?? []
  const showForm = adding || (book.data !== undefined && list.length === 0)

  return (
    <section className="paper-copy" aria-labelledby="paper-copy-title">
      <h3 id="paper-copy-title" className="paper-copy-title">
        {t('paperCopy.title')}
      </h3>
      <p className="muted small">{t('paperCopy.intro')}</p>
      {!book.data ? (
        <Skeleton height={64} />
      ) : showForm ? (
        <AddressForm
          submitLabel={t('paperCopy.use')}
          onCancel={list.length > 0 ? () => setAdding(false) : undefined}
          onSaved={(address) => {
            setAdding(false)
            onChoose(address.id)
            void book.mutate()
          }}
        />
      ) : (
        <>
          <ul className="address-list" role="radiogroup" aria-label={t('paperCopy.title')} aria-invalid={error || undefined}>
            {list.map((address) => (
              <li key={address.id} className={`address-card${chosen === address.id ? ' is-chosen' : ''}`}>
                <label className="radio">
                  <input
                    type="radio"
                    name="addressId"
                    value={address.id}
                    checked={chosen === address.id}
                    onChange={() => onChoose(address.id)}
                  />{' '}
                  <strong>{address.recipient}</strong> <span className="num">{address.phone}</span>
                  <span className="address-text">
                    {' '}
                    {address.text}
                    {address.postcode ? ` ${address.postcode}` : ''}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {error && (
            <p className="field-error" role="alert">
              {t('paperCopy.required')}
            </p>
          )}
          {list.length < book.data.max && (
            <button type="button" className="button button-secondary" onClick={() => setAdding(true)}>
              {t('paperCopy.new')}
            </button>
          )}
        </>
      )}
    </section>
  )
}
