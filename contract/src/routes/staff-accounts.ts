import { LangOnlyBody, LangOnlyQuery } from '../fields.ts'
import {
  AddStaffAccountBody,
  ChangeOwnPasswordBody,
  ConfirmSecondFactorBody,
  OwnCredentialsChanged,
  ResetStaffAccountBody,
  SecondFactorEnrollment,
  SetStaffRoleBody,
  StaffAccountList,
  StaffAccountResult,
  StaffNameParam,
} from '../staff-accounts.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

// Staff accounts: admins manage everyone's (staff.manage), each member their
// own password and second factor (session.credentials).
const audited = 'Audited (listAudit), never with a password or a secret. An unknown name answers 300005.'
const lastAdmin = 'Leaving no active admin answers 300008.'
const named = { params: StaffNameParam }

export const staffAccountRoutes = defineRoutes(CALLS.staffAccounts, ['Staff: accounts'], {
  list: {
    operationId: 'listStaffAccounts',
    permission: 'staff.manage',
    summary: 'Every staff account by name, with its role, status, last sign-in and live sessions',
    querystring: LangOnlyQuery,
    data: StaffAccountList,
  },
  add: {
    operationId: 'addStaffAccount',
    permission: 'staff.manage',
    summary: 'Adds a staff account; answers its one-time password and TOTP secret (otpauth URI), once',
    description: `A name in use (whatever its case) answers 300006. ${audited}`,
    body: AddStaffAccountBody,
    data: StaffAccountResult,
  },
  disable: {
    operationId: 'disableStaffAccount',
    permission: 'staff.manage',
    summary: 'Disables a staff account: it cannot sign in, and its sessions end',
    description: `${lastAdmin} ${audited}`,
    ...named,
    body: LangOnlyBody,
    data: StaffAccountResult,
  },
  enable: {
    operationId: 'enableStaffAccount',
    permission: 'staff.manage',
    summary: 'Enables a disabled staff account: it signs in with the password and second factor it had',
    description: audited,
    ...named,
    body: LangOnlyBody,
    data: StaffAccountResult,
  },
  reset: {
    operationId: 'resetStaffAccount',
    permission: 'staff.manage',
    summary: 'New password, new second factor, or both (replace), answered once; the account is active again and its sessions end',
    description: `Its sign-in lock (failed sign-ins) is lifted too. ${audited}`,
    ...named,
    body: ResetStaffAccountBody,
    data: StaffAccountResult,
  },
  setRole: {
    operationId: 'setStaffRole',
    permission: 'staff.manage',
    summary: "Changes a staff account's role; its sessions carry the new role from their next call",
    description: `${lastAdmin} ${audited}`,
    ...named,
    body: SetStaffRoleBody,
    data: StaffAccountResult,
  },
})

const checked =
  'A wrong current password answers 300009 and counts as a failed sign-in of the account (LOGIN_MAX_FAILURES lock it, 200004). ' +
  "The member's other sessions end; this one stays. Audited, never with a password or a secret."

export const staffOwnAccountRoutes = defineRoutes(CALLS.staffOwnAccount, ['Staff: own account'], {
  changePassword: {
    operationId: 'changeOwnPassword',
    permission: 'session.credentials',
    summary: "Changes the signed-in member's password, given the current one",
    description: `The new one is 12-128 characters and not the current one (300010). ${checked}`,
    body: ChangeOwnPasswordBody,
    data: OwnCredentialsChanged,
  },
  startSecondFactor: {
    operationId: 'startSecondFactor',
    permission: 'session.credentials',
    summary: 'A new TOTP secret for the signed-in member, to set up in an authenticator; nothing changes until it is confirmed',
    description: 'Answers the otpauth URI once and a sealed enrollment, good for 10 minutes, for confirmSecondFactor.',
    body: LangOnlyBody,
    data: SecondFactorEnrollment,
  },
  confirmSecondFactor: {
    operationId: 'confirmSecondFactor',
    permission: 'session.credentials',
    summary: 'Replaces the second factor with the one started, given the current password and a code of the new authenticator',
    description: `A code the new secret does not accept answers 300011; an enrollment expired, or not this member's, 300012. ${checked}`,
    body: ConfirmSecondFactorBody,
    data: OwnCredentialsChanged,
  },
})
