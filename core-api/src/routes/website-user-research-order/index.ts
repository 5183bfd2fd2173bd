import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AppError } from '../../errors.ts'
import { ok, responses } from '../../http/envelope.ts'
import { sessionOf } from '../../plugins/app/auth.ts'
import { clientOf } from '../website-user-order/index.ts'
import {
  OrderIdBody,
  OrderItem,
  OrderListBody,
  OrderPage,
  PayData,
  ResearchOrderEmailBody,
  ResearchOrderPayBody,
  ResearchOrderSaveBody,
} from '@rpt/contract'

const tags = ['Orders']

// Research report orders (delivered by mail) and the one payment
// notification endpoint of both kinds of order.
const websiteUserResearchOrderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Providers post here: authenticated by their signature, not by a session.
  app.post(
    '/pay/asyncNotify',
    {
      schema: {
        tags: ['Payments'],
        summary: 'Payment notifications of Alipay (form post) and WeChat Pay v3 (JSON with Wechatpay-* headers)',
        description:
          'Accepted only with a valid signature, the merchant app id, a known unpaid order and its exact amount; the order then becomes paid once, ' +
          'however many copies arrive. Answers as each provider requires: Alipay the text success (HTTP 400 failure otherwise), WeChat Pay 204 (HTTP 400 with {code: "FAIL", message} otherwise).',
        response: {
          200: { description: 'Alipay: success', content: { 'text/plain': { schema: Type.String() } } },
          204: { description: 'WeChat Pay: accepted', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      const answer = await app.paymentIntake.handleNotification({
        headers: request.headers,
        rawBody: request.rawBody ?? '',
        contentType: String(request.headers['content-type'] ?? ''),
      })
      return reply
        .status(answer.status as 200 | 204)
        .type(answer.contentType)
        .send(answer.body)
    },
  )

  const security = [{ websiteToken: [] }]
  const preHandler = app.requireUser

  app.post(
    '/save',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Creates a research report order (an addition): edition × licence at the server price',
        description: '100005 unknown report, 100009 an unpaid order for the report exists. Answers the order; pay it with payOrder.',
        body: ResearchOrderSaveBody,
        response: responses(OrderItem),
      },
    },
    async (request) => ok(request.lang, await app.orders.saveResearch(sessionOf(request).userId, request.lang, request.body)),
  )

  app.post(
    '/updateEmail',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Sets the delivery address of an unpaid research order',
        description: 'When confirmEmail is sent it must equal email: 100001 "The email addresses are inconsistent."',
        body: ResearchOrderEmailBody,
        response: responses(OrderItem),
      },
    },
    async (request) => ok(request.lang, await app.orders.updateEmail(sessionOf(request).userId, request.body)),
  )

  app.post(
    '/payOrder',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Pays an unpaid research order (an addition)',
        description:
          '100004 missing, 100003 not unpaid, 100006 no pay method, 100007 unknown pay method, 100008 payPrice differs, 100002 provider failed.',
        body: ResearchOrderPayBody,
        response: responses(PayData),
      },
    },
    async (request) => ok(request.lang, await app.orders.payResearch(sessionOf(request).userId, request.body, clientOf(request))),
  )

  app.post(
    '/orderList',
    {
      preHandler,
      schema: { tags, security, summary: "The user's research orders, newest first", body: OrderListBody, response: responses(OrderPage) },
    },
    async (request) =>
      ok(
        request.lang,
        await app.orders.list(sessionOf(request).userId, 'research', {
          pageNo: request.body.pageNo ?? 1,
          pageSize: request.body.pageSize ?? 10,
          status: request.body.status,
        }),
      ),
  )

  app.post(
    '/cancelOrder',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Cancels an unpaid research order (100004 missing, 100003 not unpaid)',
        body: OrderIdBody,
        response: responses(OrderItem),
      },
    },
    async (request) => {
      if (!request.body.id) throw new AppError('ORDER_EMPTY')
      return ok(request.lang, await app.orders.cancel(sessionOf(request).userId, 'research', request.body.id))
    },
  )
}

export default websiteUserResearchOrderRoutes
