import { licencesCalls, websiteUserCalls } from '@rpt/contract/site-calls'
import type { AcceptedSeat, EmailVerification, OrderSeats, SeatInvitation } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'
import { clearSessionUser } from '../../../lib/session'

// The seats of a multi-user or enterprise order (contract/src/routes/licences.ts):
// the buyer's own view and changes on the order page, and the invitation a
// colleague accepts. Every change answers the order's seats as they now are.
// Calls are silent: each screen shows the server's msg where the action was.

const L = licencesCalls

export const seatsKey = (locale: Locale, orderNo: string) => ['licence/seats', locale, orderNo] as const

export function useSeats(locale: Locale, orderNo: string, enabled: boolean) {
  return useSWR(
    enabled ? seatsKey(locale, orderNo) : null,
    (): Promise<OrderSeats> => apiCall(L.listSeats, { orderNo }, { silent: true }),
    {
      revalidateOnFocus: false,
    },
  )
}

export const inviteSeat = (orderNo: string, email: string): Promise<OrderSeats> =>
  apiCall(L.inviteSeat, { orderNo, email: email.trim() }, { silent: true })

export const revokeSeat = (orderNo: string, seatId: string): Promise<OrderSeats> =>
  apiCall(L.revokeSeat, { orderNo, seatId }, { silent: true })

export const sendEmailVerification = (): Promise<EmailVerification> => apiCall(L.sendEmailVerification, {}, { silent: true })

export const invitationKey = (locale: Locale, token: string) => ['licence/invitation', locale, token] as const

/** What an invitation link offers; public, so it shows before the visitor signs in. */
export function useInvitation(locale: Locale, token: string | undefined) {
  return useSWR(
    token ? invitationKey(locale, token) : null,
    (): Promise<SeatInvitation> => apiCall(L.invitation, { token: token! }, { silent: true }),
    { revalidateOnFocus: false },
  )
}

export const acceptSeat = (token: string): Promise<AcceptedSeat> => apiCall(L.acceptSeat, { token }, { silent: true })

/** Signs out so the visitor can sign in with the invited address (the header's own sign-out lives in another feature). */
export async function signOutToSwitch(): Promise<void> {
  try {
    await apiCall(websiteUserCalls.logout, undefined, { silent: true })
  } finally {
    clearSessionUser()
  }
}
