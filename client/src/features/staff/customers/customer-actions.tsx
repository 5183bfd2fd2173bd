import { useState } from 'react'
import { showToast } from '../../../lib/toast'
import {
  disableCustomer,
  enableCustomer,
  sendCustomerResetMail,
  unlockCustomer,
  type CustomerActionResult,
  type StaffCustomer,
} from '../api/customers'
import { useConfirmedAction } from '../kit/confirmed-action'
import { useStaffT } from '../kit/use-staff-t'

type Action = 'unlock' | 'resetMail' | 'disable' | 'enable'

const CALLS: Record<Action, (id: string) => Promise<CustomerActionResult>> = {
  unlock: unlockCustomer,
  resetMail: sendCustomerResetMail,
  disable: disableCustomer,
  enable: enableCustomer,
}

/** The actions this account's state allows: unlock while failures count, a reset mail and disable while active, enable once disabled. */
const actionsFor = (customer: StaffCustomer): Action[] => [
  ...(customer.lockedUntil || customer.failedLogins > 0 ? (['unlock'] as const) : []),
  ...(customer.status === 'active' ? (['resetMail', 'disable'] as const) : (['enable'] as const)),
]

interface Props {
  customer: StaffCustomer
  /** Done: the call's answer (the account after it) */
  onDone: (action: Action, result: CustomerActionResult) => void
}

/** unlockCustomer, sendCustomerResetMail, disableCustomer, enableCustomer: each confirmed, its outcome said in the staff language. */
export function CustomerActions({ customer, onDone }: Props) {
  const t = useStaffT()
  const values = { login: customer.loginCode, email: customer.email }
  // The last outcome stays on the page (the toast goes): what was done to this account.
  const [outcome, setOutcome] = useState<string>()

  const run = async (action: Action) => {
    setOutcome(undefined)
    const result = await CALLS[action](customer.id)
    const done = t(`staff.customers.done.${action}`, { count: result.sessionsEnded ?? 0 })
    showToast(done, 'success')
    setOutcome(done)
    onDone(action, result)
  }

  const { ask, pending, dialog, failed } = useConfirmedAction<Action>(t('staff.customers.failed'), run)

  return (
    <section className="staff-fieldset staff-desk-form" aria-labelledby="staff-customer-actions">
      <h2 id="staff-customer-actions">{t('staff.customers.actionsTitle')}</h2>
      {actionsFor(customer).map((action) => (
        <button key={action} type="button" className="button button-secondary" disabled={pending} onClick={() => ask(action)}>
          {t(`staff.customers.${action}`)}
        </button>
      ))}
      <p role="status" className="staff-meta">
        {outcome}
      </p>
      {failed}
      {dialog((action) => ({
        title: t(`staff.customers.confirm.${action}`),
        text: t(`staff.customers.confirmText.${action}`, values),
        confirmLabel: t(`staff.customers.${action}`),
      }))}
    </section>
  )
}
