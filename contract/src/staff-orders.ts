import { Type, type Static } from 'typebox'
import { LangField, PageNoField, PageSizeField } from './fields.ts'
import { ExportFormat } from './staff-requests.ts'

// The staff desk's orders: the website_order rows of both kinds
// (bulletins and research reports), their payment events and the actions
// finance takes on them, each the same job the CLI runs (npm run payments,
// npm run deliver). Amounts are answered in major units (yuan, dollars),
// as the buyer saw them; days are the accounting day in China (Asia/Shanghai).

export const OrderNoParam = Type.Object(
  { orderNo: Type.String({ pattern: '^[A-Za-z0-9]{6,32}$', description: 'The order number the buyer sees' }) },
  { additionalProperties: false },
)
export type OrderNoParam = Static<typeof OrderNoParam>

/** unpaid; paid; cancelled (by the buyer or staff); expired; failed (at the gateway); refunded (by staff). */
export const OrderState = Type.Union([
  Type.Literal('unpaid'),
  Type.Literal('paid'),
  Type.Literal('cancelled'),
  Type.Literal('expired'),
  Type.Literal('failed'),
  Type.Literal('refunded'),
])
export type OrderState = Static<typeof OrderState>

export const PaymentMethod = Type.Union([Type.Literal('alipay'), Type.Literal('wechatpay'), Type.Literal('bank')])
export type PaymentMethod = Static<typeof PaymentMethod>

const Day = (description: string) => Type.String({ pattern: '^[12][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$', description })
const Amount = (description: string) => Type.Number({ minimum: 0, maximum: 100_000_000, description })

/** The filters of the list and of its export. */
const OrderFilters = {
  lang: LangField,
  state: Type.Optional(OrderState),
  method: Type.Optional(PaymentMethod),
  kind: Type.Optional(Type.Union([Type.Literal('brief'), Type.Literal('research')])),
  from: Type.Optional(Day('Made on or after this day (YYYY-MM-DD, China time)')),
  to: Type.Optional(Day('Made on or before this day (YYYY-MM-DD, China time)')),
  minAmount: Type.Optional(Amount('At least this amount, in major units')),
  maxAmount: Type.Optional(Amount('At most this amount, in major units')),
  buyer: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "The buyer's login or e-mail (whole, any case)" })),
  orderNo: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{1,32}$', description: 'The order number, or its beginning' })),
}

export const ListOrdersQuery = Type.Object(
  {
    ...OrderFilters,
    pageNo: PageNoField,
    pageSize: PageSizeField,
    sort: Type.Optional(Type.Union([Type.Literal('createdAt'), Type.Literal('paidAt'), Type.Literal('amount')], { default: 'createdAt' })),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
  },
  { additionalProperties: false },
)
export type ListOrdersQuery = Static<typeof ListOrdersQuery>

/** The export for accounting: the list's filters, every order they select, oldest first (by id). */
export const ExportOrdersQuery = Type.Object({ ...OrderFilters, format: ExportFormat }, { additionalProperties: false })
export type ExportOrdersQuery = Static<typeof ExportOrdersQuery>

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()])

export const StaffOrderListItem = Type.Object({
  orderNo: Type.String(),
  kind: Type.String({ description: 'brief (a bulletin) or research (a report edition × licence)' }),
  title: Type.String(),
  state: OrderState,
  method: Nullable(Type.String({ description: 'alipay or wechatpay: the gateway paid at, else the one chosen' })),
  amount: Type.Number({ description: 'Major units' }),
  currency: Type.String(),
  buyer: Type.String({ description: "The account's login" }),
  buyerEmail: Type.String(),
  createdAt: Type.String(),
  paidAt: Nullable(Type.String()),
  refund: Type.Union([Type.Object({ state: Type.String(), amount: Type.Number() }), Type.Null()]),
})
export type StaffOrderListItem = Static<typeof StaffOrderListItem>

const Total = Type.Object({
  method: Type.String({ description: 'alipay, wechatpay, or none (never started at a gateway)' }),
  currency: Type.String(),
  count: Type.Integer(),
  amount: Type.Number({ description: 'Major units' }),
})

export const OrderTotals = Type.Object(
  {
    byDay: Type.Array(Type.Object({ day: Type.String({ description: 'YYYY-MM-DD, China time' }), ...Total.properties }), {
      description: 'Newest day first',
    }),
    byMethod: Type.Array(Total),
  },
  { description: 'Over every order the filters select, not only the page' },
)
export type OrderTotals = Static<typeof OrderTotals>

export const StaffOrderPage = Type.Object({
  list: Type.Array(StaffOrderListItem),
  count: Type.Integer(),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
  totals: OrderTotals,
})
export type StaffOrderPage = Static<typeof StaffOrderPage>

export const PaymentEvent = Type.Object({
  at: Type.String(),
  source: Type.String({ description: 'audit (payment_audit), notification (payment_notification), refund, close' }),
  action: Type.String({
    description: 'What happened: close-queued, closed, refund-queued, refunded, staff-refund, revived, a notification outcome…',
  }),
  actor: Nullable(Type.String({ description: 'system, buyer:ID, staff:NAME, or the gateway' })),
  detail: Type.Unknown({ description: "The step's record: the gateway's answer, its numbers and errors" }),
})
export type PaymentEvent = Static<typeof PaymentEvent>

export const OrderRefund = Type.Object({
  refundNo: Type.String(),
  provider: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  cause: Type.String(),
  reason: Type.String(),
  state: Type.String({ description: 'pending, processing, succeeded or failed (refused: a case for staff)' }),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  requestedBy: Type.String(),
  createdAt: Type.String(),
  refundedAt: Nullable(Type.String()),
})

export const OrderClose = Type.Object({
  provider: Type.String(),
  state: Type.String({ description: 'pending, closed, not-found, paid or failed' }),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  createdAt: Type.String(),
  finishedAt: Nullable(Type.String()),
})

export const StaffOrder = Type.Object({
  ...StaffOrderListItem.properties,
  lang: Type.String(),
  edition: Nullable(Type.String()),
  licence: Nullable(Type.String()),
  deliveryEmail: Nullable(Type.String({ description: 'The address given for the order, else the account’s is used' })),
  providerTradeNo: Nullable(Type.String()),
  expiresAt: Type.String(),
  closedAt: Nullable(Type.String()),
  closedReason: Nullable(Type.String()),
  file: Nullable(Type.String({ description: "The delivered file's name" })),
  lines: Type.Array(
    Type.Object({
      productId: Type.String(),
      title: Type.String(),
      edition: Nullable(Type.String()),
      licence: Nullable(Type.String()),
      amount: Type.Number(),
    }),
    { description: 'An order holds one product today; a list, as the page shows it' },
  ),
  account: Type.Object({
    id: Type.String(),
    login: Type.String(),
    email: Type.String(),
    name: Type.String(),
    company: Type.String(),
  }),
  events: Type.Array(PaymentEvent, { description: 'Every payment event of the order, oldest first' }),
  refunds: Type.Array(OrderRefund),
  closes: Type.Array(OrderClose),
})
export type StaffOrder = Static<typeof StaffOrder>

export const RefundOrderBody = Type.Object(
  {
    lang: LangField,
    reason: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S', description: 'Why; the buyer reads it in the refund mail' }),
  },
  { additionalProperties: false },
)
export type RefundOrderBody = Static<typeof RefundOrderBody>

export const OrderActionResult = Type.Object({
  orderNo: Type.String(),
  state: OrderState,
  refundNo: Type.Optional(Type.String({ description: 'refundOrder: the refund queued at the gateway' })),
  closes: Type.Optional(Type.Integer({ description: 'closeOrder: the gateway trades being closed' })),
  mailQueued: Type.Optional(Type.Boolean({ description: 'resendOrderMail, deliverOrderFile: whether a mail was queued' })),
})
export type OrderActionResult = Static<typeof OrderActionResult>

export const DeliverFileQuery = Type.Object(
  { lang: LangField, name: Type.String({ minLength: 1, maxLength: 200, description: 'The file name the buyer sees' }) },
  { additionalProperties: false },
)
export type DeliverFileQuery = Static<typeof DeliverFileQuery>

const caseStates = () => [Type.Literal('refund-required'), Type.Literal('refunded'), Type.Literal('closing')]
export const PaymentCaseState = Type.Union(caseStates())

export const ListPaymentCasesQuery = Type.Object(
  {
    lang: LangField,
    state: Type.Optional(
      Type.Union(caseStates(), {
        default: 'refund-required',
        description: 'refund-required: refunds not done or refused; refunded: done; closing: closes not done',
      }),
    ),
  },
  { additionalProperties: false },
)
export type ListPaymentCasesQuery = Static<typeof ListPaymentCasesQuery>

export const PaymentCase = Type.Object({
  orderNo: Type.String(),
  provider: Type.String(),
  state: Type.String(),
  amount: Type.Union([Type.Number(), Type.Null()]),
  currency: Type.Union([Type.String(), Type.Null()]),
  cause: Type.Union([Type.String(), Type.Null()]),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  requestedBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
export type PaymentCase = Static<typeof PaymentCase>
