import type { StaffRole } from '@rpt/contract'
import {
  disableStaffAccount,
  enableStaffAccount,
  RESET_KINDS,
  resetStaffAccount,
  setStaffRole,
  type StaffAccount,
  type StaffAccountResult,
  type StaffResetKind,
} from '../api/staff-accounts'
import { useConfirmedAction } from '../kit/confirmed-action'
import { useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'
import { RoleSelect } from './role-select'

/** An action on one account, as asked: its verb (a reset's kind, a role's new value) and the account's name. */
export type AccountAction = `${'disable' | 'enable' | `reset-${StaffResetKind}` | `role-${StaffRole}`}:${string}`

const parse = (action: AccountAction) => {
  const at = action.indexOf(':')
  return { verb: action.slice(0, at), name: action.slice(at + 1) }
}

function call(verb: string, name: string): Promise<StaffAccountResult> {
  if (verb === 'disable') return disableStaffAccount(name)
  if (verb === 'enable') return enableStaffAccount(name)
  if (verb.startsWith('reset-')) return resetStaffAccount(name, verb.slice('reset-'.length) as StaffResetKind)
  return setStaffRole(name, verb.slice('role-'.length) as StaffRole)
}

/**
 * The accounts list's actions, each run only once confirmed: disable or enable, a reset (a new password,
 * second factor or both) and another role. One dialog and one refusal for the whole list.
 */
export function useAccountActions(onDone: (verb: string, result: StaffAccountResult) => void) {
  const t = useStaffT()
  const { staff } = useStaff()
  const { ask, pending, dialog, failed } = useConfirmedAction<AccountAction>(t('staff.accounts.failed'), async (action) => {
    const { verb, name } = parse(action)
    onDone(verb, await call(verb, name))
  })

  const words = (action: AccountAction) => {
    const { verb, name } = parse(action)
    const self = name === staff.name ? ` ${t('staff.accounts.confirmText.self')}` : ''
    if (verb.startsWith('reset-')) {
      const what = t(`staff.accounts.reset.${verb.slice('reset-'.length) as StaffResetKind}`)
      return {
        title: t('staff.accounts.confirm.reset', { name, what }),
        text: t('staff.accounts.confirmText.reset') + self,
        confirmLabel: what,
      }
    }
    if (verb.startsWith('role-')) {
      const role = t(`staff.role.${verb.slice('role-'.length) as StaffRole}`)
      return {
        title: t('staff.accounts.confirm.role', { name, role }),
        text: t('staff.accounts.confirmText.role', { name, role }) + self,
        confirmLabel: role,
      }
    }
    const act = verb as 'disable' | 'enable'
    return {
      title: t(`staff.accounts.confirm.${act}`, { name }),
      text: t(`staff.accounts.confirmText.${act}`, { name }) + self,
      confirmLabel: t(`staff.accounts.${act}`),
    }
  }

  /** The row's controls: the status's action, a reset's choice and the role's. */
  const controls = (account: StaffAccount) => (
    <div className="staff-account-actions">
      <button
        type="button"
        className="button button-secondary"
        disabled={pending}
        onClick={() => ask(`${account.status === 'active' ? 'disable' : 'enable'}:${account.name}`)}
      >
        {t(account.status === 'active' ? 'staff.accounts.disable' : 'staff.accounts.enable')}
      </button>
      <select
        className="select"
        aria-label={t('staff.accounts.resetOf', { name: account.name })}
        value=""
        disabled={pending}
        onChange={(event) => event.target.value && ask(`reset-${event.target.value as StaffResetKind}:${account.name}`)}
      >
        <option value="">{t('staff.accounts.reset')}</option>
        {RESET_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`staff.accounts.reset.${kind}`)}
          </option>
        ))}
      </select>
      <RoleSelect
        aria-label={t('staff.accounts.roleOf', { name: account.name })}
        value={account.role}
        disabled={pending}
        onChange={(role) => ask(`role-${role}:${account.name}` as AccountAction)}
      />
    </div>
  )

  return { controls, dialog: dialog(words), failed }
}
