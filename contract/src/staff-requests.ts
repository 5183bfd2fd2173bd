import { RequestSample } from './licences.ts'
import { Type, type Static } from 'typebox'
import { ErrorEnvelope, Page } from './envelope.ts'
import { LangField, PageNoField, PageSizeField } from './fields.ts'

// The staff desk's requests inbox: the sample and custom-research
// requests visitors send (customerInfo/save), worked by sales to a sale. A
// request moves new → contacted → quoted → won or lost (with a reason), has
// an assignee and internal notes; a change carries the version it was read
// at, and an older one is refused (300101), as a report's save is.

export const RequestStatus = Type.Union(
  [Type.Literal('new'), Type.Literal('contacted'), Type.Literal('quoted'), Type.Literal('won'), Type.Literal('lost')],
  { description: 'new → contacted → quoted → won or lost; a lost request may be reopened as contacted' },
)
export type RequestStatus = Static<typeof RequestStatus>

/** sample: a sample or purchase enquiry (type 1); custom: a custom research request (type 2). */
export const RequestType = Type.Union([Type.Literal('sample'), Type.Literal('custom')], {
  description: 'sample: a sample or purchase enquiry (customerInfo type 1); custom: custom research (type 2)',
})
export type RequestType = Static<typeof RequestType>

export const RequestIdParam = Type.Object(
  { id: Type.String({ pattern: '^[1-9][0-9]{0,17}$', description: 'The request id (the customerInfo/save answer)' }) },
  { additionalProperties: false },
)
export type RequestIdParam = Static<typeof RequestIdParam>

const StaffName = Type.String({ pattern: '^[A-Za-z0-9._-]{2,64}$', description: 'A staff account name' })
const Instant = Type.String({ format: 'date-time' })

/** The filters of the list and of its export. */
const RequestFilters = {
  lang: LangField,
  status: Type.Optional(RequestStatus),
  type: Type.Optional(RequestType),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Sent at or after this time' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Sent before this time' })),
  assignee: Type.Optional(
    Type.Union([Type.Literal('me'), Type.Literal('unassigned'), StaffName], {
      description: "me: the caller's; unassigned: nobody's; else a staff account's name",
    }),
  ),
  q: Type.Optional(Type.String({ maxLength: 100, description: "Words of the company, the contact's name, the e-mail or the demand" })),
  sort: Type.Optional(
    Type.Union([Type.Literal('createdAt'), Type.Literal('updatedAt'), Type.Literal('company'), Type.Literal('status')], {
      default: 'createdAt',
    }),
  ),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
}

export const ListRequestsQuery = Type.Object(
  { ...RequestFilters, pageNo: PageNoField, pageSize: PageSizeField },
  { additionalProperties: false },
)
export type ListRequestsQuery = Static<typeof ListRequestsQuery>

export const ExportFormat = Type.Union([Type.Literal('csv'), Type.Literal('xlsx')])
export type ExportFormat = Static<typeof ExportFormat>

export const ExportRequestsQuery = Type.Object({ ...RequestFilters, format: ExportFormat }, { additionalProperties: false })
export type ExportRequestsQuery = Static<typeof ExportRequestsQuery>

export const StaffRequestListItem = Type.Object({
  id: Type.String(),
  type: RequestType,
  status: RequestStatus,
  version: Type.Integer(),
  company: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  demand: Type.String({ description: 'The first 200 characters of the demand, plain text' }),
  lang: Type.String({ description: 'The language of the site it was sent from' }),
  assignee: Type.Union([Type.String(), Type.Null()]),
  reportTitle: Type.Union([Type.String(), Type.Null()]),
  createdAt: Instant,
  updatedAt: Instant,
})
export type StaffRequestListItem = Static<typeof StaffRequestListItem>

export const StaffRequestPage = Page(StaffRequestListItem)

/** What the visitor sent, as plain text (markup removed on save and again on read: the console shows it as text). */
export const SentRequest = Type.Object({
  company: Type.String(),
  position: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  demand: Type.String(),
  edition: Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Null()], {
    description: 'Of a zh-CN sample request: 0 China, 1 Global and China',
  }),
  reportPrice: Type.Union([Type.Number(), Type.Null()]),
  clientIp: Type.Union([Type.String(), Type.Null()]),
})

export const RequestReport = Type.Object({
  id: Type.String(),
  code: Type.String(),
  title: Type.String(),
  slug: Type.String(),
  lang: Type.String(),
})

export const RequestAccount = Type.Object({
  id: Type.String(),
  loginCode: Type.String(),
  name: Type.String(),
  company: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  status: Type.String({ description: "0 active, else disabled (the website user's status)" }),
  createdAt: Instant,
  lastLoginAt: Type.Union([Instant, Type.Null()]),
})

export const RequestOrder = Type.Object({
  orderNo: Type.String(),
  kind: Type.String({ description: 'brief or research' }),
  title: Type.String(),
  amount: Type.Number({ description: 'In the currency, not cents' }),
  currency: Type.String(),
  payMethod: Type.Union([Type.String(), Type.Null()]),
  status: Type.String({ description: 'unpaid, paid, cancelled or failed' }),
  createdAt: Instant,
  paidAt: Type.Union([Instant, Type.Null()]),
})

export const RequestNote = Type.Object({
  id: Type.String(),
  author: Type.String(),
  body: Type.String({ description: 'Plain text' }),
  at: Instant,
})
export type RequestNote = Static<typeof RequestNote>

export const RequestHistoryEntry = Type.Object({
  status: RequestStatus,
  assignee: Type.Union([Type.String(), Type.Null()]),
  lostReason: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer(),
  actor: Type.Union([Type.String(), Type.Null()], { description: 'null: the visitor sending it' }),
  at: Instant,
})
export type RequestHistoryEntry = Static<typeof RequestHistoryEntry>

export const StaffRequest = Type.Object({
  id: Type.String(),
  type: RequestType,
  status: RequestStatus,
  lostReason: Type.Union([Type.String(), Type.Null()]),
  assignee: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer(),
  lang: Type.String(),
  createdAt: Instant,
  updatedAt: Instant,
  sent: SentRequest,
  report: Type.Union([RequestReport, Type.Null()], { description: 'The report it was about, when it named one' }),
  account: Type.Union([RequestAccount, Type.Null()], { description: 'The website account of the same e-mail, if any' }),
  orders: Type.Array(RequestOrder, { description: "That account's orders, newest first (at most 50)" }),
  notes: Type.Array(RequestNote, { description: 'Oldest first' }),
  history: Type.Array(RequestHistoryEntry, { description: 'Each status or assignee change, oldest first, from its sending' }),
  sample: Type.Union([RequestSample, Type.Null()], {
    description: 'A sample request about a report: the stamped sample sent, and its downloads',
  }),
})
export type StaffRequest = Static<typeof StaffRequest>

export const UpdateRequestBody = Type.Object(
  {
    lang: LangField,
    version: Type.Integer({ minimum: 1, description: 'The version read (getRequest); an older one is refused with 300101' }),
    status: Type.Optional(RequestStatus),
    assignee: Type.Optional(
      Type.Union([StaffName, Type.Null()], { description: 'A sales or admin account; null leaves the request unassigned' }),
    ),
    lostReason: Type.Optional(
      Type.String({ minLength: 1, maxLength: 500, description: 'Required with status lost, refused with any other' }),
    ),
  },
  { additionalProperties: false },
)
export type UpdateRequestBody = Static<typeof UpdateRequestBody>

export const AddNoteBody = Type.Object(
  { lang: LangField, body: Type.String({ minLength: 1, maxLength: 10_000, description: 'Plain text; markup is stored as text' }) },
  { additionalProperties: false },
)
export type AddNoteBody = Static<typeof AddNoteBody>

const sheet = { schema: Type.String({ format: 'binary' }) }

/** The export's answers: the file, streamed, or the error envelope. */
export const EXPORT_ANSWERS = {
  200: {
    description: 'The filtered list, streamed (UTF-8 CSV with a byte-order mark, or XLSX)',
    content: { 'text/csv': sheet, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': sheet },
  },
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
} as const
