import type { CallAddress } from '../call-address.ts'

// Licences (licences.ts): the seats of a multi-user or enterprise order, the invitation a colleague
// accepts, the buyer's e-mail verification (an enterprise licence admits the buyer's verified domain).
export const licencesCalls = {
  listSeats: { method: 'POST', path: '/report/licence/seats', safety: 'read' },
  inviteSeat: { method: 'POST', path: '/report/licence/invite', safety: 'write' },
  invitation: { method: 'POST', path: '/report/licence/invitation', safety: 'read' },
  acceptSeat: { method: 'POST', path: '/report/licence/accept', safety: 'write' },
  revokeSeat: { method: 'POST', path: '/report/licence/revoke', safety: 'write' },
  sendEmailVerification: { method: 'POST', path: '/report/websiteUser/sendVerifyEmail', safety: 'write' },
  verifyEmail: { method: 'POST', path: '/report/websiteUser/verifyEmail', safety: 'write' },
} as const satisfies Record<string, CallAddress>
