import type { FastifyInstance } from 'fastify'
import { CALLS, staffOrderRoutes } from '@rpt/contract'
import { AppError } from '../../errors.ts'
import { ok } from '../../http/envelope.ts'
import { MAX_UPLOAD_BYTES, receiveDocument } from '../../lib/uploads/index.ts'
import { acceptRawBodies, declaredLength, rawBodyOf, uploadFailure } from '../../lib/uploads/raw-body.ts'
import { staffActorOf } from '../../plugins/app/staff-reports.ts'
import { serve } from '../serve.ts'

// deliverOrderFile (issue 35): what npm run deliver does, with the file as
// the raw request body (PDF or Word up to 500 MB), streamed to the file store
// as uploadReportFile streams a report's. The order is checked before any
// byte is stored; a delivery refused after the store leaves nothing in it.
const config = { keepHttpStatus: true }

export default async function deliverFileRoute(app: FastifyInstance) {
  acceptRawBodies(app, { [CALLS.staffOrders.deliverFile.path]: MAX_UPLOAD_BYTES })
  await app.register(
    serve({ deliverFile: staffOrderRoutes.deliverFile }, () => ({
      deliverFile: {
        config,
        preHandler: app.requireStaff('orders.act'),
        handler: async (request) => {
          const staff = staffActorOf(request)
          const orderNo = await app.staffOrders.assertDeliverable(request.params.orderNo)
          let stored
          try {
            const source = rawBodyOf(request)
            if (!source) throw new AppError('UPLOAD_EMPTY')
            stored = await receiveDocument(app.files, source, {
              name: request.query.name,
              maxBytes: request.routeOptions.bodyLimit,
              declaredBytes: declaredLength(request),
              keyPrefix: `orders/${orderNo}`,
            })
          } catch (error) {
            throw uploadFailure(request, error)
          }
          try {
            return ok(request.lang, await app.staffOrders.deliver(orderNo, { key: stored.key, name: stored.name }, staff))
          } catch (error) {
            // Refused (the order changed meanwhile): the bytes belong to no order.
            await app.files
              .delete(stored.key)
              .catch((reason: unknown) => request.log.warn({ err: reason, key: stored.key }, 'orphan upload left'))
            throw error
          }
        },
      },
    })),
  )
}
