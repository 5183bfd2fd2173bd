import type { InvoiceTitle } from '@rpt/contract'
import { useState } from 'react'
import { AccountPage } from '../../../components/account-page'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { LoginPrompt, useLoggedIn } from '../../../components/login-prompt'
import { SkeletonList } from '../../../components/skeleton'
import { LoadError, StateMessage } from '../../../components/state-message'
import { useForgetUserWhenRejected } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { deleteInvoiceTitle, useInvoiceTitles } from '../api/invoice-titles'
import { TitleForm } from './title-form'
import '../../../styles/account.css'
import './invoicing.css'

// 发票抬头 / Invoice details: the personal centre's book of invoice titles,
// chosen from when the buyer requests an invoice on an order's page.

export default function InvoiceTitlesPage() {
  const t = useT()
  const locale = useLocale()
  const loggedIn = useLoggedIn()
  const titles = useInvoiceTitles(locale, loggedIn)
  useForgetUserWhenRejected(titles.error)
  // undefined: the list; null: a new title; a title: editing it.
  const [editing, setEditing] = useState<InvoiceTitle | null | undefined>(undefined)
  const [deleting, setDeleting] = useState<InvoiceTitle | null>(null)
  const [pending, setPending] = useState(false)

  const confirmDelete = async () => {
    if (!deleting) return
    setPending(true)
    try {
      await deleteInvoiceTitle(deleting.id)
      showToast(t('invoices.deleted'), 'success')
      void titles.mutate()
    } catch {
      // Message shown by the api client.
    } finally {
      setPending(false)
      setDeleting(null)
    }
  }

  return (
    <AccountPage
      current="invoices"
      title={t('invoices.heading')}
      action={
        loggedIn &&
        editing === undefined && (
          <button type="button" className="button button-primary" onClick={() => setEditing(null)}>
            {t('invoices.addTitle')}
          </button>
        )
      }
    >
      {!loggedIn ? (
        <LoginPrompt />
      ) : editing !== undefined ? (
        <TitleForm
          {...(editing ? { title: editing } : {})}
          onDone={(saved) => {
            setEditing(undefined)
            if (saved) void titles.mutate()
          }}
        />
      ) : titles.error ? (
        <LoadError onRetry={() => void titles.mutate()} />
      ) : !titles.data ? (
        <SkeletonList rows={2} />
      ) : titles.data.length === 0 ? (
        <StateMessage title={t('invoices.empty')} text={t('invoices.emptyText')} />
      ) : (
        <ul className="invoice-titles">
          {titles.data.map((title) => (
            <li key={title.id} className="invoice-title-card">
              <div className="invoice-title-main">
                <p className="invoice-title-name">{title.name}</p>
                <p className="invoice-title-meta">
                  {locale === 'zh-CN' && <span className="chip">{t(`invoices.kind.${title.kind}`)}</span>}
                  {title.special && <span className="chip">{t('invoices.specialReady')}</span>}
                  {title.taxNo && <span className="num">{title.taxNo}</span>}
                </p>
                {title.address && <p className="invoice-title-address">{title.address}</p>}
              </div>
              <div className="invoice-title-actions">
                <button type="button" className="button button-secondary button-small" onClick={() => setEditing(title)}>
                  {t('common.edit')}
                </button>
                <button type="button" className="button button-secondary button-small" onClick={() => setDeleting(title)}>
                  {t('invoices.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('invoices.deleteTitle')}
          text={t('invoices.deleteText', { name: deleting.name })}
          confirmLabel={t('invoices.delete')}
          cancelLabel={t('common.cancel')}
          pending={pending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </AccountPage>
  )
}
