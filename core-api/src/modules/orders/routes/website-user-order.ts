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
    const file = await app.orders.fileForUser(session.userId, request.body.id)
    return sendStoredFile(request, reply, app.files, file, (range) =>
      app.orders.logDownload({ userId: session.userId, orderId: file.order.id, via: 'session', ip: request.ip, range }),
    )
  },
}))
