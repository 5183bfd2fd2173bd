import { useState } from 'react'
import { showToast } from '../../../lib/toast'
import { useStaffAccounts, type StaffAccount, type StaffAccountResult, type StaffCredentials } from '../api/staff-accounts'
import { DataTable } from '../kit/data-table'
import { formatDateTime } from '../kit/format'
import { SectionHead, titleIdOf } from '../kit/section-head'
import { useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'
import { useAccountActions } from './account-actions'
import { AddAccountDialog } from './add-account-dialog'
import { CredentialsDialog } from './credentials-dialog'
import '../kit/staff-desk.css'
import './accounts.css'

const WORDS = 'staff.accounts'

/** listStaffAccounts and what an admin does to them: add, disable or enable, reset, change a role. */
export function StaffAccountsView() {
  const t = useStaffT()
  const { staff, locale } = useStaff()
  const { data, error, isLoading, mutate } = useStaffAccounts()
  const [adding, setAdding] = useState(false)
  // Shown once, from the answer that made them; gone when the dialog closes.
  const [handing, setHanding] = useState<{ name: string; credentials: StaffCredentials }>()
  // The last outcome stays on the page (the toast goes).
  const [outcome, setOutcome] = useState<string>()

  const settle = (verb: string, { account, credentials, sessionsEnded }: StaffAccountResult) => {
    void mutate(
      (current) =>
        current && {
          list: current.list.some((item) => item.name === account.name)
            ? current.list.map((item) => (item.name === account.name ? account : item))
            : [...current.list, account].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())),
        },
      { revalidate: false },
    )
    const values = { name: account.name, count: sessionsEnded ?? 0, role: t(`staff.role.${account.role}`) }
    const kind = verb.startsWith('reset-') ? 'reset' : verb.startsWith('role-') ? 'role' : (verb as 'add' | 'disable' | 'enable')
    const done = t(`staff.accounts.done.${kind}`, values)
    showToast(done, 'success')
    setOutcome(done)
    if (credentials && (credentials.password || credentials.otpauthUri)) setHanding({ name: account.name, credentials })
  }
  const actions = useAccountActions(settle)

  const titleId = titleIdOf(WORDS)
  return (
    <section className="staff-section" aria-labelledby={titleId}>
      <SectionHead id={titleId} title={t('staff.accounts.title')}>
        <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
          {t('staff.accounts.add')}
        </button>
      </SectionHead>
      <p className="staff-meta">{t('staff.accounts.lead')}</p>
      <p role="status" className="staff-count">
        {outcome ?? (data ? t('staff.accounts.count', { count: data.list.length }) : isLoading ? t('staff.loading') : '')}
      </p>
      {actions.failed}
      {error && !data ? (
        <p role="alert" className="staff-error">
          {t('staff.list.failed')}
        </p>
      ) : (
        <DataTable<StaffAccount>
          caption={t('staff.accounts.caption')}
          rows={data?.list ?? []}
          rowKey={(account) => account.name}
          empty={data ? t('staff.accounts.empty') : ''}
          busy={isLoading}
          current={(account) => account.name === staff.name}
          columns={[
            {
              label: t('staff.accounts.name'),
              className: 'staff-mono',
              cell: (account) => (
                <>
                  {account.name}
                  {account.name === staff.name && <span className="staff-you">{t('staff.accounts.you')}</span>}
                </>
              ),
            },
            { label: t('staff.accounts.role'), cell: (account) => t(`staff.role.${account.role}`) },
            {
              label: t('staff.accounts.status'),
              cell: (account) => (
                <span className={`staff-badge staff-customer-${account.status}`}>{t(`staff.accounts.status.${account.status}`)}</span>
              ),
            },
            {
              label: t('staff.accounts.lastSignIn'),
              className: 'staff-num',
              cell: (account) => formatDateTime(account.lastSignInAt, locale) || t('staff.accounts.never'),
            },
            { label: t('staff.accounts.sessions'), className: 'staff-num', cell: (account) => account.activeSessions },
            { label: t('staff.accounts.actions'), cell: actions.controls },
          ]}
        />
      )}
      {actions.dialog}
      {adding && (
        <AddAccountDialog
          onCancel={() => setAdding(false)}
          onAdded={(result) => {
            setAdding(false)
            settle('add', result)
          }}
        />
      )}
      {handing && <CredentialsDialog {...handing} onClose={() => setHanding(undefined)} />}
    </section>
  )
}
