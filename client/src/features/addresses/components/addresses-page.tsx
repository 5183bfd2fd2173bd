import { useState } from 'react'
import type { Address } from '@rpt/contract'
import { AccountPage } from '../../../components/account-page'
import { AddressForm } from '../../../components/address-form'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { LoginPrompt } from '../../../components/login-prompt'
import { Skeleton } from '../../../components/skeleton'
import { LoadError, StateMessage } from '../../../components/state-message'
import { useAddresses, useDeleteAddress } from '../../../lib/addresses'
import { useForgetUserWhenRejected, useSessionUser } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import '../../../styles/account.css'

type Editing = { kind: 'new' } | { kind: 'edit'; address: Address } | null

/** My addresses: where paper copies of reports are sent; add, change and delete them. */
export default function AddressesPage() {
  const t = useT()
  const locale = useLocale()
  const user = useSessionUser()
  const book = useAddresses(locale, Boolean(user))
  useForgetUserWhenRejected(book.error)
  const { trigger: remove, isMutating: removing } = useDeleteAddress()
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<Address | null>(null)
  const full = book.data ? book.data.list.length >= book.data.max : false

  const done = () => {
    setEditing(null)
    void book.mutate()
  }

  return (
    <AccountPage
      current="addresses"
      title={t('address.heading')}
      action={
        book.data &&
        !editing && (
          <button type="button" className="button button-secondary" disabled={full} onClick={() => setEditing({ kind: 'new' })}>
            {t('address.add')}
          </button>
        )
      }
    >
      {!user ? (
        <LoginPrompt />
      ) : book.error ? (
        <LoadError onRetry={() => void book.mutate()} />
      ) : !book.data ? (
        <div className="address-list">
          {[0, 1].map((i) => (
            <Skeleton key={i} height={88} />
          ))}
        </div>
      ) : editing ? (
        <AddressForm address={editing.kind === 'edit' ? editing.address : undefined} onSaved={done} onCancel={() => setEditing(null)} />
      ) : (
        <>
          <p className="muted small">{t('address.intro', { max: book.data.max })}</p>
          {full && <p className="field-hint">{t('address.full', { max: book.data.max })}</p>}
          {book.data.list.length === 0 ? (
            <StateMessage title={t('address.empty')} text={t('address.emptyText')} />
          ) : (
            <ul className="address-list">
              {book.data.list.map((address) => (
                <li key={address.id} className="address-card">
                  <p className="address-who">
                    <strong>{address.recipient}</strong> <span className="num">{address.phone}</span>
                  </p>
                  <p className="address-text">
                    {address.text}
                    {address.postcode ? ` ${address.postcode}` : ''}
                  </p>
                  <div className="button-row">
                    <button type="button" className="button button-secondary" onClick={() => setEditing({ kind: 'edit', address })}>
                      {t('common.edit')}
                    </button>
                    <button type="button" className="button button-secondary" onClick={() => setDeleting(address)}>
                      {t('address.delete')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('address.deleteTitle')}
          text={t('address.deleteText', { recipient: deleting.recipient })}
          confirmLabel={t('address.delete')}
          cancelLabel={t('common.cancel')}
          pending={removing}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            void remove(deleting.id).then(
              (list) => {
                setDeleting(null)
                showToast(t('address.deleted'), 'success')
                void book.mutate(list, { revalidate: false })
              },
              () => setDeleting(null),
            )
          }}
        />
      )}
    </AccountPage>
  )
}
