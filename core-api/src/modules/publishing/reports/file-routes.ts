import type { FastifyInstance } from 'fastify'
import { CALLS, staffOrderRoutes, staffReportRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { storeUploadedDocument } from '../../../platform/files/uploads/document-upload.ts'
import { MAX_UPLOAD_BYTES } from '../../../platform/files/uploads/index.ts'
import { acceptRawBodies } from '../../../platform/files/uploads/raw-body.ts'
import { staffActorOf, staffOf } from '../../staff/index.ts'
import { serve } from '../../../platform/http/serve.ts'

// The staff API's documents, PDF or Word up to 500 MB, each as the raw
// request body, streamed to the file store under a new key (platform/files/uploads):
// - uploadReportFile: a report edition's sample or full file; the
//   report service records it on the edition, checking the version, with a
//   revision and an audit row;
// - deliverOrderFile: what npm run deliver does; the order is
//   checked before any byte is stored.
// A refused upload leaves nothing in the store.

export default async function staffFilesPlugin(app: FastifyInstance) {
  acceptRawBodies(app, { [CALLS.staffReports.uploadFile.path]: MAX_UPLOAD_BYTES, [CALLS.staffOrders.deliverFile.path]: MAX_UPLOAD_BYTES })
  await app.register(
    serve({ uploadFile: staffReportRoutes.uploadFile, deliverFile: staffOrderRoutes.deliverFile }, () => ({
      uploadFile: async (request) => {
        const staff = staffOf(request)
        const { code, edition, kind } = request.params
        const keyPrefix = `reports/${code}/${edition}/${kind}`
        return ok(
          request.lang,
          await storeUploadedDocument(app.files, request, { name: request.query.name, keyPrefix }, async (stored) => {
            const uploadedAt = new Date().toISOString()
            const report = await app.staffReports.attachFile(
              { code, edition, kind, version: Number(request.query.version), file: stored },
              { ...staff, ip: request.ip },
            )
            const { key: _key, ...file } = stored
            return report.editions[edition]?.files[kind] ?? { ...file, uploadedAt }
          }),
        )
      },
      deliverFile: async (request) => {
        const staff = staffActorOf(request)
        const orderNo = await app.staffOrders.assertDeliverable(request.params.orderNo)
        return ok(
          request.lang,
          await storeUploadedDocument(app.files, request, { name: request.query.name, keyPrefix: `orders/${orderNo}` }, (stored) =>
            app.staffOrders.deliver(orderNo, { key: stored.key, name: stored.name }, staff),
          ),
        )
      },
    })),
  )
}
