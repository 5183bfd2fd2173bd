import { Type } from 'typebox'
import { ErrorEnvelope } from '../envelope.ts'
import {
  DownListBody,
  DownloadPage,
  OrderIdBody,
  OrderItem,
  OrderListBody,
  OrderNoBody,
  OrderPage,
  PayData,
  PayOrderBody,
} from '../website-user-order.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

const pdf = { 'application/pdf': { schema: Type.String({ format: 'binary' }) } }

/** The answers of a stored file's download: the file, a byte range of it, or the error envelope. */
export const FILE_ANSWERS = {
  200: { description: 'The file', content: pdf },
  206: { description: 'A byte range of the file', content: pdf },
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
} as const

// Bulletin orders (bought and downloaded at once), and the downloads of every paid order.
export const websiteUserOrderRoutes = defineRoutes(CALLS.websiteUserOrder, ['Orders'], {
  payOrder: {
    summary: "Creates and pays a bulletin order, or pays the user's unpaid one by id",
    description:
      'With researchBriefReportId: a new order at the server price (100005 unknown bulletin, 100009 an unpaid order for it exists). ' +
      'With id: pays that unpaid order of the user (100004 missing, 100003 not unpaid). Then 100006 no pay method, 100007 unknown pay method, ' +
      '100008 payPrice differs from the price, 100002 the provider failed.',
    body: PayOrderBody,
    auth: 'session',
    data: PayData,
  },
  orderList: { summary: "The user's bulletin orders, newest first", body: OrderListBody, auth: 'session', data: OrderPage },
  orderInfo: {
    summary: "One of the user's orders (bulletin or report) by its number (an addition)",
    description: 'For the pay-back page, which polls until the payment notification has arrived. 100004 when the user has no such order.',
    body: OrderNoBody,
    auth: 'session',
    data: OrderItem,
  },
  cancelOrder: {
    summary: 'Cancels an unpaid bulletin order (100004 missing, 100003 not unpaid)',
    body: OrderIdBody,
    auth: 'session',
    data: OrderItem,
  },
  downList: {
    summary:
      "The paid orders with a file the user holds (bulletins and reports): their own, a colleague's whose seat they accepted, their company's enterprise licence",
    body: DownListBody,
    auth: 'session',
    data: DownloadPage,
  },
  downFile: {
    summary: 'Streams the caller’s stamped copy of the file of a paid order they hold',
    description:
      'id is the order id from downList. Answers the file (Content-Disposition with the UTF-8 name; Range supported), ' +
      'or an envelope: 100004 no such order of the user (or its file is missing from the store), 100010 not paid, 100011 paid but the file is not ready yet ' +
      '(staff deliver it by mail, or the copy stamped for the caller is still being made: try again in a minute), 301009 the daily download limit of the seat, ' +
      '301010 the buyer took the caller’s seat back. The file is the copy stamped for the caller (the buyer, a seat holder, a member of the company’s domain), never the original.',
    body: OrderIdBody,
    auth: 'session',
    response: FILE_ANSWERS,
  },
})
