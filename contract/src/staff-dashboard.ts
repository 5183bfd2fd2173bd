import { Type, type Static } from 'typebox'
import { PaymentMethod } from './staff-orders.ts'

// The staff desk's dashboard: one call answering the figures of
// the desk at a glance. Each section is answered only to a role that may read
// its list (orders: orders.read; requests: requests.read; jobs and mails:
// operations.read), and each figure carries the query of the list it counts,
// so the console links it there and the list shows the same rows.

const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'YYYY-MM-DD, China time (Asia/Shanghai)' })
const Instant = Type.String({ format: 'date-time' })
const TO_ORDER_READERS = 'Answered to orders.read (sales, finance, admin).'
const TO_OPERATORS = 'Answered to operations.read (admin).'

/** The listOrders query a figure counts (its lang, paging and sort left to the console). */
export const DashboardOrdersFilter = Type.Object(
  {
    from: Day,
    to: Day,
    method: Type.Optional(PaymentMethod),
    state: Type.Optional(Type.Union([Type.Literal('paid'), Type.Literal('refunded')])),
  },
  {
    description:
      'The query of listOrders (GET /staff/orders) that selects the orders the figure counts. A figure of orders never started at a gateway has no method: the list cannot select them apart, so it shows the period’s orders of every method.',
  },
)
export type DashboardOrdersFilter = Static<typeof DashboardOrdersFilter>

const CurrencyAmount = Type.Object({
  currency: Type.String(),
  amount: Type.Number({ description: 'Major units (yuan, dollars), as the buyer saw them' }),
})

const OrdersMade = Type.Object({
  count: Type.Integer({ description: 'Orders made in the period, whatever became of them' }),
  filter: DashboardOrdersFilter,
})

const OrdersMoney = (description: string) =>
  Type.Object({
    count: Type.Integer({ description }),
    amounts: Type.Array(CurrencyAmount, { description: 'Their sum per currency, currencies in alphabetical order; empty when none' }),
    filter: DashboardOrdersFilter,
  })

export const DashboardOrderFigures = Type.Object({
  made: OrdersMade,
  paid: OrdersMoney('Of those, the orders paid and not refunded (listOrders state paid): the revenue kept'),
  refunded: OrdersMoney('Of those, the orders paid and then refunded by staff (listOrders state refunded)'),
})
export type DashboardOrderFigures = Static<typeof DashboardOrderFigures>

export const DashboardMethod = Type.Union([PaymentMethod, Type.Literal('none')], {
  description: 'alipay or wechatpay: the gateway paid at, else the one chosen; none: never started at a gateway',
})
export type DashboardMethod = Static<typeof DashboardMethod>

export const DashboardOrderPeriod = Type.Object(
  {
    from: Day,
    to: Day,
    total: DashboardOrderFigures,
    byMethod: Type.Array(Type.Object({ method: DashboardMethod, ...DashboardOrderFigures.properties }), {
      description: 'Always alipay, wechatpay and none, in that order, with zeros when there were none',
    }),
  },
  {
    description:
      'The orders made in the period (by the day they were made, China time, as listOrders’ from and to select them): paid counts those still paid, refunded those refunded since',
  },
)
export type DashboardOrderPeriod = Static<typeof DashboardOrderPeriod>

export const DashboardOrders = Type.Object(
  { today: DashboardOrderPeriod, month: DashboardOrderPeriod },
  { description: `Today's and this month's orders (this month: its first day to today). ${TO_ORDER_READERS}` },
)
export type DashboardOrders = Static<typeof DashboardOrders>

const CaseFigure = (state: 'refund-required' | 'closing', description: string) =>
  Type.Object({
    count: Type.Integer({ description }),
    filter: Type.Object({ state: Type.Literal(state) }, { description: 'The query of listPaymentCases (GET /staff/orders/cases)' }),
  })

export const DashboardPaymentCases = Type.Object(
  {
    refundRequired: CaseFigure('refund-required', 'Refunds not done yet or refused by the gateway: the cases that need a person'),
    closing: CaseFigure('closing', 'Closes at a gateway not done yet or failed'),
  },
  { description: `The payment cases listPaymentCases lists. ${TO_ORDER_READERS}` },
)
export type DashboardPaymentCases = Static<typeof DashboardPaymentCases>

export const OpenRequestStatus = Type.Union([Type.Literal('new'), Type.Literal('contacted'), Type.Literal('quoted')])
export type OpenRequestStatus = Static<typeof OpenRequestStatus>

export const DashboardRequests = Type.Object(
  {
    open: Type.Integer({ description: 'Requests neither won nor lost' }),
    byStatus: Type.Array(
      Type.Object({
        status: OpenRequestStatus,
        count: Type.Integer(),
        filter: Type.Object({ status: OpenRequestStatus }, { description: 'The query of listRequests (GET /staff/requests)' }),
      }),
      { description: 'Always new, contacted and quoted, in that order' },
    ),
  },
  { description: 'The requests inbox’s open requests. Answered to requests.read (sales, admin).' },
)
export type DashboardRequests = Static<typeof DashboardRequests>

const ShortError = Type.String({
  maxLength: 200,
  description: 'The first line of the error, at most 200 characters, e-mail addresses, secrets and link queries masked',
})

export const DashboardJobs = Type.Object(
  {
    failed: Type.Integer({ description: 'Jobs that failed for good (every retry spent)' }),
    retrying: Type.Integer({ description: 'Jobs whose last attempt failed, waiting for their next' }),
    byQueue: Type.Array(
      Type.Object({
        queue: Type.String({ description: 'The job queue (mail.send, payments.refund, payments.close, content-publish, …)' }),
        failed: Type.Integer(),
        retrying: Type.Integer(),
      }),
      { description: 'The queues with any, by name' },
    ),
    recent: Type.Array(
      Type.Object({
        id: Type.String({ description: "The job's id in the queue" }),
        queue: Type.String(),
        failedAt: Instant,
        attempts: Type.Integer(),
        error: ShortError,
      }),
      { description: 'The last failures for good, newest first (at most 5); never the job’s data' },
    ),
  },
  {
    description: `From the job queue (pg-boss, schema pgboss): a failed job stays there 12 hours after its last attempt, then is archived out of these counts. No list call yet: the queue names the jobs. ${TO_OPERATORS}`,
  },
)
export type DashboardJobs = Static<typeof DashboardJobs>

export const DashboardMails = Type.Object(
  {
    unsent: Type.Integer({ description: 'Mails queued and not sent yet (waiting or being retried)' }),
    rejected: Type.Integer({ description: 'Mails the mail server refused for good (not retried)' }),
    oldestUnsentSeconds: Type.Union([Type.Integer(), Type.Null()], { description: 'How long the oldest unsent mail has waited' }),
    recent: Type.Array(
      Type.Object({
        kind: Type.String({ description: 'order-paid, order-delivered, payment-returned, password-reset or staff-notice' }),
        reference: Type.Union([Type.String(), Type.Null()], {
          description:
            'What it is about: the order number (order-…, payment-returned), the request id (staff-notice), the account id (password-reset)',
        }),
        state: Type.Union([Type.Literal('unsent'), Type.Literal('rejected')]),
        queuedAt: Instant,
        attempts: Type.Integer(),
        error: ShortError,
      }),
      { description: 'The last mails not sent whose attempt failed, newest first (at most 5); never the recipient or the body' },
    ),
  },
  { description: `From the mail outbox (outgoing_mail). No list call yet. ${TO_OPERATORS}` },
)
export type DashboardMails = Static<typeof DashboardMails>

/** Licences (finance, admin): seats past the daily download limit, and copies that could not be stamped. */
export const DashboardLicences = Type.Object({
  refusedToday: Type.Integer({ description: 'Downloads refused today for the daily limit' }),
  overLimit: Type.Array(
    Type.Object({ orderNo: Type.String(), title: Type.String(), holder: Type.String(), refused: Type.Integer(), lastAt: Instant }),
    { description: 'Seats refused in the last 7 days, most refused first (at most 10)' },
  ),
  failedCopies: Type.Integer({ description: 'Stamped copies that failed (an encrypted or damaged file): the buyer waits for staff' }),
})
export type DashboardLicences = Static<typeof DashboardLicences>

export const StaffDashboard = Type.Object({
  at: Instant,
  timeZone: Type.Literal('Asia/Shanghai', { description: 'The zone of the days: the publisher’s accounting day' }),
  orders: Type.Optional(DashboardOrders),
  paymentCases: Type.Optional(DashboardPaymentCases),
  requests: Type.Optional(DashboardRequests),
  jobs: Type.Optional(DashboardJobs),
  mails: Type.Optional(DashboardMails),
  licences: Type.Optional(DashboardLicences),
})
export type StaffDashboard = Static<typeof StaffDashboard>
