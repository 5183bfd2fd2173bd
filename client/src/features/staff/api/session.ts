import type { Staff, StaffLoginBody } from '@rpt/contract'
import { STAFF_CALLS } from '@rpt/contract/staff-calls'
import useSWR from 'swr'
import useSWRMutation from 'swr/mutation'
import { staffCall } from '../../../lib/staff-api-client'

// The BFF exchanges the token of staffLogin for an HttpOnly cookie and
// answers only who signed in: the console never sees the token.

export interface StaffSession {
  staff: Staff
}

export const staffSessionKey = 'staff/me'

/** Who is signed in; refused with 300002 / 300003 when nobody is (the console shows the sign-in). */
export const getStaffMe = (): Promise<Staff> => staffCall(STAFF_CALLS.staff.me, undefined, undefined, { silent: true })

/**
 * checkOnMount: false where it is known that nobody is signed in (the server rendered the sign-in): nothing is
 * fetched until something asks (a sign-in fills the cache; its reload checks).
 */
export function useStaffSession(checkOnMount = true) {
  // The app keeps a key's previous data while it reloads; a session forgotten
  // (signed out, ended) must not: the sign-in shows at once.
  return useSWR<Staff, Error>(staffSessionKey, getStaffMe, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    keepPreviousData: false,
    revalidateOnMount: checkOnMount,
  })
}

export type SignInInput = Omit<StaffLoginBody, 'lang'>

export const staffSignIn = (input: SignInInput): Promise<StaffSession> =>
  staffCall<typeof STAFF_CALLS.staff.login.path, StaffSession>(STAFF_CALLS.staff.login, undefined, input, { silent: true })

export function useStaffSignIn() {
  return useSWRMutation(staffSessionKey, (_key: string, { arg }: { arg: SignInInput }) => staffSignIn(arg).then((answer) => answer.staff), {
    populateCache: true,
    revalidate: false,
  })
}

export const staffSignOut = (): Promise<unknown> => staffCall(STAFF_CALLS.staff.logout, undefined, {}, { silent: true })
