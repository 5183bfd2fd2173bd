import { Type } from 'typebox'
import { LangOnlyBody, LangOnlyQuery } from '../fields.ts'
import {
  AcceptedSeat,
  AcceptSeatBody,
  EmailVerification,
  InviteSeatBody,
  OrderSeats,
  OrderSeatsBody,
  RevokeSeatBody,
  SeatInvitation,
  StaffOrderSeats,
  TraceResult,
  UpdateOrderSeatsBody,
  VerifyEmailBody,
} from '../licences.ts'
import { OrderNoParam } from '../staff-orders.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'
import { FILE_ANSWERS } from './website-user-order.ts'

const audited = 'Audited (listAudit).'
const seatErrors =
  '301001 no paid order of the caller with that number; 301002 a single-user licence has no seats to give; 301003 every seat is taken; ' +
  '301004 not an e-mail address; 301005 that address already holds or was invited to a seat; 301008 no such seat.'

// The buyer's seats (website token): a multi-user or enterprise licence's colleagues.
export const licenceRoutes = defineRoutes(CALLS.licences, ['Licences'], {
  listSeats: {
    operationId: 'listSeats',
    summary: "An order's licence as the caller holds it: the seats (to its buyer), the limit, the enterprise domain",
    description: `The buyer sees every seat; a seat holder or a member by domain sees the licence without the seats. ${seatErrors}`,
    body: OrderSeatsBody,
    auth: 'session',
    data: OrderSeats,
  },
  inviteSeat: {
    operationId: 'inviteSeat',
    summary: 'The buyer invites a colleague by e-mail to a seat of a paid multi-user or enterprise order; the colleague is mailed a link',
    description: `Inviting an address whose invitation was revoked invites it again. ${seatErrors}`,
    body: InviteSeatBody,
    auth: 'session',
    data: OrderSeats,
  },
  invitation: {
    summary: 'What an invitation link offers, before it is accepted (no login): the report, the licence, the address invited',
    description: '301006 an unknown, revoked or expired invitation.',
    body: AcceptSeatBody,
    auth: 'public',
    data: SeatInvitation,
  },
  acceptSeat: {
    operationId: 'acceptSeat',
    summary:
      "Accepts an invitation with the caller's account, whose e-mail must be the address invited; the report is then in its My Downloads",
    description:
      '301006 an unknown, revoked or expired invitation; 301007 the caller’s account has another e-mail (sign in with the invited one, or register it). Accepting marks that e-mail verified. Accepting twice answers the seat as it is.',
    body: AcceptSeatBody,
    auth: 'session',
    data: AcceptedSeat,
  },
  revokeSeat: {
    operationId: 'revokeSeat',
    summary: 'The buyer takes a seat back: its holder can no longer download the report, and the seat is free for someone else',
    description: seatErrors,
    body: RevokeSeatBody,
    auth: 'session',
    data: OrderSeats,
  },
  sendEmailVerification: {
    operationId: 'sendEmailVerification',
    summary: "Mails the caller a link that verifies their account's e-mail (an enterprise licence admits the verified domain)",
    body: LangOnlyBody,
    auth: 'session',
    data: EmailVerification,
  },
  verifyEmail: {
    operationId: 'verifyEmail',
    summary: 'Verifies the e-mail of the account the link was sent for',
    description: '301014 an unknown or expired link, or one sent for an address the account no longer has.',
    body: VerifyEmailBody,
    auth: 'public',
    data: EmailVerification,
  },
})

export const sampleRoutes = defineRoutes(CALLS.sample, ['Licences'], {
  file: {
    summary: 'Downloads the stamped sample of a sample request through the signed link of its mail',
    description:
      'Valid 14 days and 5 downloads. Each download is recorded on the request (the staff desk shows them). An unknown, expired or used-up link answers 404.',
    params: Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) }),
    response: FILE_ANSWERS,
  },
})

export const staffLicenceRoutes = defineRoutes(CALLS.staffLicences, ['Staff: licences'], {
  listOrderSeats: {
    operationId: 'listOrderSeats',
    permission: 'licences.read',
    summary: "An order's seats, enterprise domain and stamped copies, with each seat's downloads",
    params: OrderNoParam,
    querystring: LangOnlyQuery,
    data: StaffOrderSeats,
  },
  updateOrderSeats: {
    operationId: 'updateOrderSeats',
    permission: 'licences.act',
    summary: "Changes an order's seats: its seat limit, its enterprise domain, seats revoked or invited, failed copies made again",
    description: `300301 no such order; 301012 a public mail domain; 301013 not a domain; 301016 a limit below the seats in use. ${audited}`,
    params: OrderNoParam,
    body: UpdateOrderSeatsBody,
    data: StaffOrderSeats,
  },
  traceFile: {
    operationId: 'traceFile',
    permission: 'licences.trace',
    summary: 'Names the order, buyer, seat holder and downloads a leaked file (the raw body) or text copied out of it ({text}) came from',
    description:
      'The raw body: a PDF, a Word file, the zip of a legacy Word file, a text file, or application/json {"text": ...} pasted from one. Answers found: false when it carries no stamp this site made. 301015 an empty body, or JSON that is not {text}; 301017 past 100 MB.',
    querystring: LangOnlyQuery,
    data: TraceResult,
  },
})
