import { staffShipmentRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'
import { staffActorOf } from '../../staff/index.ts'

// The staff desk's shipping queue: finance and admin (shipments.read, shipments.act).
export default serve(staffShipmentRoutes, (app) => ({
  list: async (request) => ok(request.lang, await app.shipments.list(request.query)),
  packingSlip: async (request, reply) => {
    const { fileName, pdf } = await app.shipments.packingSlip(request.params.orderNo)
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(pdf)
  },
  ship: async (request) => ok(request.lang, await app.shipments.ship(request.params.orderNo, request.body, staffActorOf(request))),
  deliver: async (request) => ok(request.lang, await app.shipments.deliver(request.params.orderNo, staffActorOf(request))),
}))
