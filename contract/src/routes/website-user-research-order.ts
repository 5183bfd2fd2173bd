import { Type } from 'typebox'
import { OrderIdBody, OrderItem, OrderListBody, OrderPage, PayData } from '../website-user-order.ts'
import { ResearchOrderEmailBody, ResearchOrderPayBody, ResearchOrderSaveBody } from '../website-user-research-order.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

// Research report orders (delivered by mail) and the one payment
// notification endpoint of both kinds of order.
export const websiteUserResearchOrderRoutes = defineRoutes(CALLS.websiteUserResearchOrder, ['Orders'], {
  // Providers post here: authenticated by their signature, not by a session.
  asyncNotify: {
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
  save: {
    summary: 'Creates a research report order (an addition): edition × licence at the server price',
    description: '100005 unknown report, 100009 an unpaid order for the report exists. Answers the order; pay it with payOrder.',
    body: ResearchOrderSaveBody,
    auth: 'session',
    data: OrderItem,
  },
  updateEmail: {
    summary: 'Sets the delivery address of an unpaid research order',
    description: 'When confirmEmail is sent it must equal email: 100001 "The email addresses are inconsistent."',
    body: ResearchOrderEmailBody,
    auth: 'session',
    data: OrderItem,
  },
  payOrder: {
    summary: 'Pays an unpaid research order (an addition)',
    description:
      '100004 missing, 100003 not unpaid, 100006 no pay method, 100007 unknown pay method, 100008 payPrice differs, 100002 provider failed.',
    body: ResearchOrderPayBody,
    auth: 'session',
    data: PayData,
  },
  orderList: { summary: "The user's research orders, newest first", body: OrderListBody, auth: 'session', data: OrderPage },
  cancelOrder: {
    summary: 'Cancels an unpaid research order (100004 missing, 100003 not unpaid)',
    body: OrderIdBody,
    auth: 'session',
    data: OrderItem,
  },
})
