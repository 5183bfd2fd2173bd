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

export default async function staffOrdersPlugin(app: FastifyInstance) {
  await app.register(
    serve(routes, () => {
      const orders = app.staffOrders
      return {
        list: async (request) => ok(request.lang, await orders.list(request.query)),
        exportList: async (request, reply) => {
          const { fileName, rows } = await orders.exportList(request.query, staffActorOf(request))
          return sendExport(reply, { fileName, format: request.query.format, sheet: ordersSheet(request.lang), rows })
        },
        cases: async (request) => ok(request.lang, await orders.cases(request.query)),
        get: async (request) => ok(request.lang, await orders.get(request.params.orderNo)),
        refund: async (request) =>
          ok(request.lang, await orders.refund(request.params.orderNo, request.body.reason, staffActorOf(request))),
        close: async (request) => ok(request.lang, await orders.close(request.params.orderNo, staffActorOf(request))),
        resend: async (request) => ok(request.lang, await orders.resend(request.params.orderNo, staffActorOf(request))),
      }
    }),
  )
}
