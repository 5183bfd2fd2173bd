import { websiteUserResearchOrderRoutes } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { ok } from '../../../platform/http/envelope.ts'
import { sessionOf } from '../../accounts/index.ts'
import { serve } from '../../../platform/http/serve.ts'
import { clientOf, orderListQuery } from './website-user-order.ts'

// Research report orders (delivered by mail) and the one payment
// notification endpoint of both kinds of order.
export default serve(websiteUserResearchOrderRoutes, (app) => ({
  // Providers post here: authenticated by their signature, not by a session.
  asyncNotify: async (request, reply) => {
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
  // addressId (optional, the paper copy's address): checked before the order is made, copied onto it after.
  save: async (request) => {
    const { userId } = sessionOf(request)
    const { addressId, ...body } = request.body
    if (addressId) await app.shipments.assertAttachable(userId, request.lang, body.edition, addressId)
    const order = await app.orders.saveResearch(userId, request.lang, body)
    if (addressId) await app.shipments.attach(userId, order.id, addressId)
    return ok(request.lang, order)
  },
  updateEmail: async (request) => {
    const { userId } = sessionOf(request)
    const { addressId, ...body } = request.body
    if (addressId) await app.shipments.attach(userId, body.id, addressId)
    return ok(request.lang, await app.orders.updateEmail(userId, body))
  },
  payOrder: async (request) => ok(request.lang, await app.orders.payResearch(sessionOf(request).userId, request.body, clientOf(request))),
  orderList: async (request) =>
    ok(request.lang, await app.orders.list(sessionOf(request).userId, 'research', orderListQuery(request.body))),
  cancelOrder: async (request) => {
    if (!request.body.id) throw new AppError('ORDER_EMPTY')
    return ok(request.lang, await app.orders.cancel(sessionOf(request).userId, 'research', request.body.id))
  },
}))
