import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AppError } from '../../errors.ts'
import { sendStoredFile } from '../../http/file-response.ts'
import { ok, responses } from '../../http/envelope.ts'
import { sessionOf } from '../../plugins/app/auth.ts'
import {
  DownListBody,
  DownloadPage,
  ErrorEnvelope,
  OrderIdBody,
  OrderItem,
  OrderListBody,
  OrderNoBody,
  OrderPage,
  PayData,
  PayOrderBody,
} from '@rpt/contract'

const tags = ['Orders']
/** WeChat H5 payments need the payer's address. */
export function clientOf(request: { ip: string }) {
  return { ip: request.ip }
}

// Bulletin orders (bought and downloaded at once), and the downloads of
// every paid order.
const websiteUserOrderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireUser)
  const security = [{ websiteToken: [] }]

  app.post(
    '/payOrder',
    {
      schema: {
        tags,
        security,
        summary: "Creates and pays a bulletin order, or pays the user's unpaid one by id",
        description:
          'With researchBriefReportId: a new order at the server price (100005 unknown bulletin, 100009 an unpaid order for it exists). ' +
          'With id: pays that unpaid order of the user (100004 missing, 100003 not unpaid). Then 100006 no pay method, 100007 unknown pay method, ' +
          '100008 payPrice differs from the price, 100002 the provider failed.',
        body: PayOrderBody,
        response: responses(PayData),
      },
    },
    async (request) =>
      ok(request.lang, await app.orders.payBrief(sessionOf(request).userId, request.lang, request.body, clientOf(request))),
  )

  app.post(
    '/orderList',
    {
      schema: { tags, security, summary: "The user's bulletin orders, newest first", body: OrderListBody, response: responses(OrderPage) },
    },
    async (request) =>
      ok(
        request.lang,
        await app.orders.list(sessionOf(request).userId, 'brief', {
          pageNo: request.body.pageNo ?? 1,
          pageSize: request.body.pageSize ?? 10,
          status: request.body.status,
        }),
      ),
  )

  app.post(
    '/orderInfo',
    {
      schema: {
        tags,
        security,
        summary: "One of the user's orders (bulletin or report) by its number (an addition)",
        description:
          'For the pay-back page, which polls until the payment notification has arrived. 100004 when the user has no such order.',
        body: OrderNoBody,
        response: responses(OrderItem),
      },
    },
    async (request) => ok(request.lang, await app.orders.byOrderNo(sessionOf(request).userId, request.body.orderNo)),
  )

  app.post(
    '/cancelOrder',
    {
      schema: {
        tags,
        security,
        summary: 'Cancels an unpaid bulletin order (100004 missing, 100003 not unpaid)',
        body: OrderIdBody,
        response: responses(OrderItem),
      },
    },
    async (request) => {
      if (!request.body.id) throw new AppError('ORDER_EMPTY')
      return ok(request.lang, await app.orders.cancel(sessionOf(request).userId, 'brief', request.body.id))
    },
  )

  app.post(
    '/downList',
    {
      schema: {
        tags,
        security,
        summary: "The user's paid orders with a file to download (bulletins and reports)",
        body: DownListBody,
        response: responses(DownloadPage),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await app.orders.downloads(sessionOf(request).userId, { pageNo: request.body.pageNo ?? 1, pageSize: request.body.pageSize ?? 10 }),
      ),
  )

  app.post(
    '/downFile',
    {
      schema: {
        tags,
        security,
        summary: 'Streams the file of a paid order of the user',
        description:
          'id is the order id from downList. Answers the file (Content-Disposition with the UTF-8 name; Range supported), ' +
          'or an envelope: 100004 no such order of the user, 100010 not paid, 100011 paid but the file is not ready yet (staff deliver it by mail).',
        body: OrderIdBody,
        response: {
          200: { description: 'The file', content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } } },
          206: { description: 'A byte range of the file', content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } } },
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      if (!request.body.id) throw new AppError('ORDER_EMPTY')
      const session = sessionOf(request)
      const file = await app.orders.fileForUser(session.userId, request.body.id)
      return sendStoredFile(request, reply, app.files, file, (range) =>
        app.orders.logDownload({ userId: session.userId, orderId: file.order.id, via: 'session', ip: request.ip, range }),
      )
    },
  )
}

export default websiteUserOrderRoutes
