import { Type } from 'typebox'
import { LangOnlyBody, LangOnlyQuery } from '../fields.ts'
import { Staff, StaffLoginBody, StaffSessionData } from '../staff.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

export const staffRoutes = defineRoutes(CALLS.staff, ['Staff'], {
  login: {
    operationId: 'staffLogin',
    summary: 'Signs a staff member in with name, password and TOTP code',
    description:
      'An unknown name, a wrong password, a wrong or already used code and a disabled account all answer 300001. ' +
      'Failures are counted as website logins are: after LOGIN_MAX_FAILURES the account is locked for LOGIN_LOCK_MINUTES (200004).',
    body: StaffLoginBody,
    data: StaffSessionData,
  },
  logout: {
    operationId: 'staffLogout',
    permission: 'session.end',
    summary: 'Ends the staff session of the bearer token',
    body: LangOnlyBody,
    data: Type.Null(),
  },
  me: {
    operationId: 'staffMe',
    permission: 'session.read',
    summary: 'The signed-in staff member',
    description: 'Without a token 300002; a token that is unknown, revoked or idle for 30 minutes 300003.',
    querystring: LangOnlyQuery,
    data: Staff,
  },
})
