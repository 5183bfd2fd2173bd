import type { FastifyRequest } from 'fastify'
import { websiteUserOrderRoutes } from '@rpt/contract'
import { isBare } from '../../../platform/http/bare-dialect.ts'
import { AppError } from '../../../platform/errors.ts'
import { sendStoredFile } from '../../../platform/http/file-response.ts'
import { ok } from '../../../platform/http/envelope.ts'
import { sessionOf } from '../../accounts/index.ts'
import { serve } from '../../../platform/http/serve.ts'
import { pageOf } from '../../../platform/http/shared-input.ts'

/** WeChat H5 payments need the payer's address; bank transfer is refused to the earlier backend's clients. */
export function clientOf(request: FastifyRequest) {
  return { ip: request.ip, legacy: isBare(request) }
}

/** A page of the user's orders of one kind, newest first. */
export function orderListQuery(body: { pageNo?: number; pageSize?: number; status?: string }) {
  return { ...pageOf(body), status: body.status }
}

// Bulletin orders (bought and downloaded at once), and the downloads of
// every paid order: all of them the logged-in user's.
export default serve(websiteUserOrderRoutes, (app) => ({
  payOrder: async (request) =>
    ok(request.lang, await app.orders.payBrief(sessionOf(request).userId, request.lang, request.body, clientOf(request))),
  orderList: async (request) => ok(request.lang, await app.orders.list(sessionOf(request).userId, 'brief', orderListQuery(request.body))),
  orderInfo: async (request) => ok(request.lang, await app.orders.byOrderNo(sessionOf(request).userId, request.body.orderNo)),
  cancelOrder: async (request) => {
    if (!request.body.id) throw new AppError('ORDER_EMPTY')
    return ok(request.lang, await app.orders.cancel(sessionOf(request).userId, 'brief', request.body.id))
  },
  downList: async (request) => ok(request.lang, await app.orders.downloads(sessionOf(request).userId, pageOf(request.body))),
  downFile: async (request, reply) => {
    if (!request.body.id) throw new AppError('ORDER_EMPTY')
    const session = sessionOf(request)
    const fresh = !/^bytes=[1-9]/.test(request.headers.range ?? '')
    // The caller's own stamped copy: the buyer's, a seat holder's or a member's of the company's licence.
    const { order, copy } = await app.licences.downloads.forHolder(session.userId, request.body.id, fresh, request.ip)
    return sendStoredFile(request, reply, app.files, { key: copy.stampedKey, name: copy.stampedName }, (range) =>
      app.licences.downloads.log({ userId: session.userId, orderId: order.id, copyId: copy.id, via: 'session', ip: request.ip, range }),
    )
  },
}))
