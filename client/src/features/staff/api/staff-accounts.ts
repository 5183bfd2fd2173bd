import type {
  OwnCredentialsChanged,
  SecondFactorEnrollment,
  StaffAccount,
  StaffAccountList,
  StaffAccountResult,
  StaffCredentials,
  StaffResetKind,
  StaffRole,
} from '@rpt/contract'
import { STAFF_CALLS } from '@rpt/contract/staff-calls'
import useSWR from 'swr'
import { staffCall } from '../../../lib/staff-api-client'

// Staff accounts (contract/src/routes/staff-accounts.ts), through the BFF's /staff-api: an admin's calls on
// everyone's accounts, and each member's on their own. A password or TOTP secret comes in one answer only:
// the screens show it and keep it nowhere (no cache, no address).

const A = STAFF_CALLS.staffAccounts
const OWN = STAFF_CALLS.staffOwnAccount

export type { OwnCredentialsChanged, SecondFactorEnrollment, StaffAccount, StaffAccountResult, StaffCredentials, StaffResetKind }

/** The roles an admin gives, in the order the console offers them. */
export const STAFF_ROLE_CHOICES: readonly StaffRole[] = ['editor', 'sales', 'finance', 'admin']
export const RESET_KINDS: readonly StaffResetKind[] = ['password', 'secondFactor', 'both']
/** As the contract's StaffPasswordField (the server checks it again). */
export const PASSWORD_MIN = 12
export const PASSWORD_MAX = 128

export const staffAccountsKey = 'staff/accounts'
export const listStaffAccounts = () => staffCall<typeof A.list.path, StaffAccountList>(A.list, undefined, undefined, { silent: true })
export function useStaffAccounts() {
  return useSWR<StaffAccountList, Error>(staffAccountsKey, listStaffAccounts)
}

export const addStaffAccount = (name: string, role: StaffRole) =>
  staffCall<typeof A.add.path, StaffAccountResult>(A.add, undefined, { name, role }, { silent: true })
export const disableStaffAccount = (name: string) =>
  staffCall<typeof A.disable.path, StaffAccountResult>(A.disable, { name }, {}, { silent: true })
export const enableStaffAccount = (name: string) =>
  staffCall<typeof A.enable.path, StaffAccountResult>(A.enable, { name }, {}, { silent: true })
export const resetStaffAccount = (name: string, replace: StaffResetKind) =>
  staffCall<typeof A.reset.path, StaffAccountResult>(A.reset, { name }, { replace }, { silent: true })
export const setStaffRole = (name: string, role: StaffRole) =>
  staffCall<typeof A.setRole.path, StaffAccountResult>(A.setRole, { name }, { role }, { silent: true })

export const changeOwnPassword = (currentPassword: string, newPassword: string) =>
  staffCall<typeof OWN.changePassword.path, OwnCredentialsChanged>(
    OWN.changePassword,
    undefined,
    { currentPassword, newPassword },
    { silent: true },
  )
export const startSecondFactor = () =>
  staffCall<typeof OWN.startSecondFactor.path, SecondFactorEnrollment>(OWN.startSecondFactor, undefined, {}, { silent: true })
export const confirmSecondFactor = (input: { currentPassword: string; enrollment: string; totp: string }) =>
  staffCall<typeof OWN.confirmSecondFactor.path, OwnCredentialsChanged>(OWN.confirmSecondFactor, undefined, input, { silent: true })

/** The secret of an otpauth URI, for typing into an authenticator that cannot scan. */
export function secretOfUri(otpauthUri: string): string {
  try {
    return new URL(otpauthUri).searchParams.get('secret') ?? ''
  } catch {
    return ''
  }
}
