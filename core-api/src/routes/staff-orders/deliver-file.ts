import type { FastifyInstance } from 'fastify'
import { CALLS, staffOrderRoutes } from '@rpt/contract'
import { ok } from '../../http/envelope.ts'
import { storeUploadedDocument } from '../../lib/uploads/document-upload.ts'
import { MAX_UPLOAD_BYTES } from '../../lib/uploads/index.ts'
import { acceptRawBodies } from '../../lib/uploads/raw-body.ts'
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
          return ok(
            request.lang,
            await storeUploadedDocument(app.files, request, { name: request.query.name, keyPrefix: `orders/${orderNo}` }, (stored) =>
              app.staffOrders.deliver(orderNo, { key: stored.key, name: stored.name }, staff),
            ),
          )
        },
      },
    })),
  )
}
