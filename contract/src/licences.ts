import { Type, type Static } from 'typebox'
import { LangField } from './fields.ts'

const Instant = Type.String({ format: 'date-time' })

// Licences: the seats of a multi-user or enterprise order (the buyer's
// colleagues, invited by e-mail), the stamped copies each holder downloads,
// and the staff's view of both. A seat holder finds the report in their own
// My Downloads; the legacy downList / downFile serve it, stamped.

export const LicenceKind = Type.Union([Type.Literal('single'), Type.Literal('multi'), Type.Literal('enterprise')])
export type LicenceKind = Static<typeof LicenceKind>

/** Settings keys (sys_config, the console's settings screen): seats per licence (0: unlimited within the company's domain) and downloads per seat per day. */
export const SEATS_KEY = (licence: LicenceKind) => `licence.${licence}.seats`
export const DOWNLOADS_PER_DAY_KEY = 'licence.downloadsPerDay'
export const DEFAULT_SEATS: Record<LicenceKind, number> = { single: 1, multi: 5, enterprise: 0 }
export const DEFAULT_DOWNLOADS_PER_DAY = 10

const Email = Type.String({ maxLength: 200, description: 'An e-mail address' })
const OrderNoField = Type.String({ pattern: '^[A-Za-z0-9]{6,32}$', description: 'The order number the buyer sees' })
const SeatIdField = Type.String({ pattern: '^[1-9][0-9]{0,17}$', description: 'A seat of the order (listSeats)' })
const TokenField = Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$', description: 'The token of the invitation or verification link' })
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {})

export const SeatState = Type.Union([Type.Literal('invited'), Type.Literal('active'), Type.Literal('revoked')], {
  description: 'invited: mailed, not yet accepted; active: accepted, the holder downloads; revoked: taken back by the buyer or staff',
})
export type SeatState = Static<typeof SeatState>

export const Seat = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String({ description: "The holder's name once accepted; empty before" }),
  state: SeatState,
  invitedAt: Instant,
  acceptedAt: Nullable(Instant),
  revokedAt: Nullable(Instant),
})
export type Seat = Static<typeof Seat>

/** What the signed-in account sees of an order's seats (the buyer manages them; a holder sees their own). */
export const OrderSeats = Type.Object({
  orderNo: Type.String(),
  title: Type.String(),
  licence: LicenceKind,
  buyer: Type.String({ description: "The buyer's company, else their name: whose licence it is" }),
  role: Type.Union([Type.Literal('buyer'), Type.Literal('holder'), Type.Literal('member')], {
    description: 'buyer: placed the order and manages its seats; holder: holds one of its seats; member: admitted by the enterprise domain',
  }),
  seatLimit: Nullable(Type.Integer({ minimum: 1 }), "Seats in all, the buyer's own included; null: unlimited within the company's domain"),
  seatsUsed: Type.Integer({ description: "Seats taken: the buyer's own, and every invited or active one" }),
  domain: Nullable(Type.String(), 'Enterprise: the company domain whose verified accounts are admitted; null until it is known'),
  domainPending: Type.Union([Type.Literal('verify-email'), Type.Literal('public-domain'), Type.Null()], {
    description:
      "Enterprise without a domain: verify-email (the buyer's address is not yet verified), public-domain (the buyer's address is at a public mail service; staff set the domain)",
  }),
  seats: Type.Array(Seat, { description: 'Newest first; empty for a holder or member' }),
  downloadsPerDay: Type.Integer({ description: 'Downloads each seat may make of the file per day' }),
})
export type OrderSeats = Static<typeof OrderSeats>

export const OrderSeatsBody = Type.Object({ lang: LangField, orderNo: OrderNoField }, { additionalProperties: false })
export type OrderSeatsBody = Static<typeof OrderSeatsBody>

export const InviteSeatBody = Type.Object({ lang: LangField, orderNo: OrderNoField, email: Email }, { additionalProperties: false })
export type InviteSeatBody = Static<typeof InviteSeatBody>

export const RevokeSeatBody = Type.Object({ lang: LangField, orderNo: OrderNoField, seatId: SeatIdField }, { additionalProperties: false })
export type RevokeSeatBody = Static<typeof RevokeSeatBody>

export const AcceptSeatBody = Type.Object({ lang: LangField, token: TokenField }, { additionalProperties: false })
export type AcceptSeatBody = Static<typeof AcceptSeatBody>

export const AcceptedSeat = Type.Object({
  orderNo: Type.String(),
  title: Type.String(),
  licence: LicenceKind,
  buyer: Type.String({ description: 'The name (or company) of the buyer who invited the caller' }),
})
export type AcceptedSeat = Static<typeof AcceptedSeat>

/** The invitation as its link shows it before acceptance (no login needed). */
export const SeatInvitation = Type.Object({
  email: Type.String({ description: 'The address invited: the account accepting must have it' }),
  title: Type.String(),
  licence: LicenceKind,
  buyer: Type.String(),
  state: SeatState,
})
export type SeatInvitation = Static<typeof SeatInvitation>

export const VerifyEmailBody = Type.Object({ lang: LangField, token: TokenField }, { additionalProperties: false })
export type VerifyEmailBody = Static<typeof VerifyEmailBody>

export const EmailVerification = Type.Object({
  email: Type.String(),
  verifiedAt: Nullable(Instant, 'null: not verified (a mail was sent)'),
})
export type EmailVerification = Static<typeof EmailVerification>

// ---- Staff ----

export const StaffSeat = Type.Intersect([
  Seat,
  Type.Object({
    downloads: Type.Integer({ description: 'Downloads of this seat, in all' }),
    lastDownloadAt: Nullable(Instant),
  }),
])
export type StaffSeat = Static<typeof StaffSeat>

export const StampedCopyState = Type.Union([Type.Literal('pending'), Type.Literal('ready'), Type.Literal('failed')])

export const StampedCopy = Type.Object({
  holder: Type.String({ description: "The account's e-mail the copy is stamped for" }),
  code: Type.String({ description: 'The trace code printed in the copy' }),
  state: StampedCopyState,
  error: Nullable(Type.String(), 'Why a failed copy could not be stamped (encrypted, damaged), for staff'),
  createdAt: Instant,
  readyAt: Nullable(Instant),
  downloads: Type.Integer(),
})
export type StampedCopy = Static<typeof StampedCopy>

export const StaffOrderSeats = Type.Object({
  orderNo: Type.String(),
  title: Type.String(),
  licence: Nullable(LicenceKind, 'null: a bulletin order (no licence)'),
  buyer: Type.Object({ name: Type.String(), email: Type.String(), company: Type.String(), emailVerified: Type.Boolean() }),
  seatLimit: Nullable(Type.Integer({ minimum: 1 }), 'Seats in all, the buyer’s included; null: unlimited within the domain'),
  seatLimitOverride: Type.Boolean({ description: 'true: set on this order by staff; false: the licence’s setting' }),
  domain: Nullable(Type.String()),
  domainSource: Type.Union([Type.Literal('buyer'), Type.Literal('staff'), Type.Null()]),
  seats: Type.Array(StaffSeat),
  copies: Type.Array(StampedCopy, { description: 'The stamped copies made for this order, newest first' }),
  refusedToday: Type.Integer({ description: 'Downloads refused today for the daily limit' }),
})
export type StaffOrderSeats = Static<typeof StaffOrderSeats>

export const UpdateOrderSeatsBody = Type.Object(
  {
    lang: LangField,
    seatLimit: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 10000 }), Type.Null()], {
        description: "Seats in all for this order; null: back to the licence's setting",
      }),
    ),
    domain: Type.Optional(
      Type.Union([Type.String({ maxLength: 200 }), Type.Null()], {
        description: "Enterprise: the company domain (example.com); null: back to the buyer's verified address",
      }),
    ),
    revokeSeatIds: Type.Optional(Type.Array(SeatIdField, { maxItems: 100 })),
    inviteEmails: Type.Optional(Type.Array(Email, { maxItems: 100, description: 'Invited as the buyer would, mailed an invitation' })),
    restamp: Type.Optional(Type.Boolean({ description: 'Makes the failed copies again (after the report’s file was replaced)' })),
  },
  { additionalProperties: false },
)
export type UpdateOrderSeatsBody = Static<typeof UpdateOrderSeatsBody>

export const TraceTextBody = Type.Object(
  { lang: LangField, text: Type.String({ minLength: 1, maxLength: 200000 }) },
  { additionalProperties: false },
)
export type TraceTextBody = Static<typeof TraceTextBody>

export const TraceDownload = Type.Object({
  at: Instant,
  via: Type.String({ description: 'session (My Downloads), link (a mail link), sample (a sample link)' }),
  ip: Type.String(),
})

export const TraceResult = Type.Object({
  found: Type.Boolean({ description: 'false: the file or text carries no stamp this site made' }),
  code: Nullable(Type.String()),
  via: Type.Union([Type.Literal('metadata'), Type.Literal('text'), Type.Literal('checksum'), Type.Null()], {
    description: 'Where the stamp was read: the document properties, the printed line, or the whole file matching a copy',
  }),
  order: Nullable(Type.Object({ orderNo: Type.String(), title: Type.String(), licence: Nullable(LicenceKind), paidAt: Nullable(Instant) })),
  buyer: Nullable(Type.Object({ name: Type.String(), email: Type.String(), company: Type.String() })),
  holder: Nullable(Type.Object({ name: Type.String(), email: Type.String() })),
  sample: Nullable(
    Type.Object({ requestId: Type.String(), company: Type.String(), email: Type.String(), title: Type.String() }),
    'A sample copy: the request it was sent for',
  ),
  stampedAt: Nullable(Instant),
  downloads: Type.Array(TraceDownload, { description: 'Each download of that copy, oldest first' }),
})
export type TraceResult = Static<typeof TraceResult>

export const SampleDownload = Type.Object({ at: Instant, ip: Type.String() })
export type SampleDownload = Static<typeof SampleDownload>

/** The sample a sample request was sent: its stamped copy's code and each download, on the request in the desk. */
export const RequestSample = Type.Object({
  state: Type.Union([Type.Literal('sent'), Type.Literal('no-file')], {
    description: 'sent: the requester was mailed a link to their stamped sample; no-file: the report has no sample file',
  }),
  code: Nullable(Type.String()),
  sentAt: Nullable(Instant),
  downloads: Type.Array(SampleDownload),
})
export type RequestSample = Static<typeof RequestSample>
