import { Type } from 'typebox'
import { LangOnlyBody, LangOnlyQuery } from '../fields.ts'
import { EXPORT_ANSWERS } from '../staff-requests.ts'
import {
  DeliverFileQuery,
  ExportOrdersQuery,
  ListOrdersQuery,
  ListPaymentCasesQuery,
  OrderActionResult,
  OrderNoParam,
  PaymentCase,
  RefundOrderBody,
  StaffOrder,
  StaffOrderPage,
} from '../staff-orders.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

const audited = 'Audited (listAudit), and recorded among the order’s payment events.'

export const staffOrderRoutes = defineRoutes(CALLS.staffOrders, ['Staff: orders'], {
  list: {
    operationId: 'listOrders',
    permission: 'orders.read',
    summary: 'Orders of both kinds, newest first, paged, filtered and sorted on the server, with totals per day and method',
    description: 'The totals cover every order the filters select, not only the page.',
    querystring: ListOrdersQuery,
    data: StaffOrderPage,
  },
  exportList: {
    operationId: 'exportOrders',
    permission: 'orders.export',
    summary: 'The filtered orders as a CSV or XLSX file for accounting, streamed',
    description:
      "The list's filters (not its paging or sort), every order they select, oldest first. Times are China time (Asia/Shanghai), amounts major units. A text cell that starts with =, +, -, @, a tab or a carriage return is prefixed with ' (CSV injection). Refused filters answer 300306 before the file starts. Audited (listAudit: order.export with the filters).",
    querystring: ExportOrdersQuery,
    response: EXPORT_ANSWERS,
  },
  cases: {
    operationId: 'listPaymentCases',
    permission: 'orders.read',
    summary: 'The payment cases that need a person: refunds not done or refused by the gateway, closes not done',
    description: 'What npm run payments -- list shows, oldest first.',
    querystring: ListPaymentCasesQuery,
    data: Type.Array(PaymentCase),
  },
  get: {
    operationId: 'getOrder',
    permission: 'orders.read',
    summary: 'One order: its lines, the buyer, and every payment event (notifications, closes, refunds, gateway answers)',
    params: OrderNoParam,
    querystring: LangOnlyQuery,
    data: StaffOrder,
  },
  refund: {
    operationId: 'refundOrder',
    permission: 'orders.act',
    summary: 'Refunds a paid order in whole through its gateway, with a reason; the buyer is mailed once the money is back',
    description: `The same job as npm run payments -- refund. An order refunded already answers 300302, never a second refund; one not paid answers 300303. ${audited}`,
    params: OrderNoParam,
    body: RefundOrderBody,
    data: OrderActionResult,
  },
  close: {
    operationId: 'closeOrder',
    permission: 'orders.act',
    summary: 'Cancels an unpaid order and closes its trades at the gateways',
    description: `As when the buyer cancels: a close that finds the trade paid settles the order as paid. An order not unpaid answers 300304. ${audited}`,
    params: OrderNoParam,
    body: LangOnlyBody,
    data: OrderActionResult,
  },
  resend: {
    operationId: 'resendOrderMail',
    permission: 'orders.act',
    summary: 'Queues the delivery mail of a paid order again (with a new download link for a delivered research order)',
    description: `An order not paid answers 300303. ${audited}`,
    params: OrderNoParam,
    body: LangOnlyBody,
    data: OrderActionResult,
  },
  deliverFile: {
    operationId: 'deliverOrderFile',
    permission: 'orders.act',
    summary: "Delivers a paid research order's file (PDF or Word, up to 500 MB, the raw request body) and mails the buyer its link",
    description: `The same job as npm run deliver. The body is streamed to the file store; a bulletin order or one not paid answers 300305. ${audited}`,
    params: OrderNoParam,
    querystring: DeliverFileQuery,
    data: OrderActionResult,
  },
})
