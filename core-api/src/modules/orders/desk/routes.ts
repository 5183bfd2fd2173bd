import type { FastifyInstance } from 'fastify'
import { staffOrderRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { sendExport, staffActorOf } from '../../staff/index.ts'
import { ordersSheet } from './orders-export.ts'
import { serve } from '../../../platform/http/serve.ts'

// The staff desk's orders: finance and sales read (orders.read),
// finance exports (orders.export) and acts (orders.act). The file delivery
// (deliverFile) takes a raw body, so it is served by its own plugin with
// its own body parser.
const { deliverFile: _deliver, ...routes } = staffOrderRoutes
const config = { keepHttpStatus: true }

export default async function staffOrdersPlugin(app: FastifyInstance) {
  await app.register(
    serve(routes, () => {
      const read = app.requireStaff('orders.read')
      const act = app.requireStaff('orders.act')
      const orders = app.staffOrders
      return {
        list: { config, preHandler: read, handler: async (request) => ok(request.lang, await orders.list(request.query)) },
        exportList: {
          config,
          preHandler: app.requireStaff('orders.export'),
          handler: async (request, reply) => {
            const { fileName, rows } = await orders.exportList(request.query, staffActorOf(request))
            return sendExport(reply, { fileName, format: request.query.format, sheet: ordersSheet(request.lang), rows })
          },
        },
        cases: { config, preHandler: read, handler: async (request) => ok(request.lang, await orders.cases(request.query)) },
        get: { config, preHandler: read, handler: async (request) => ok(request.lang, await orders.get(request.params.orderNo)) },
        refund: {
          config,
          preHandler: act,
          handler: async (request) =>
            ok(request.lang, await orders.refund(request.params.orderNo, request.body.reason, staffActorOf(request))),
        },
        close: {
          config,
          preHandler: act,
          handler: async (request) => ok(request.lang, await orders.close(request.params.orderNo, staffActorOf(request))),
        },
        resend: {
          config,
          preHandler: act,
          handler: async (request) => ok(request.lang, await orders.resend(request.params.orderNo, staffActorOf(request))),
        },
      }
    }),
  )
}
