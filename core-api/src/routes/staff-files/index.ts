import type { FastifyInstance } from 'fastify'
import { CALLS, staffReportRoutes } from '@rpt/contract'
import { AppError } from '../../errors.ts'
import { ok } from '../../http/envelope.ts'
import { MAX_UPLOAD_BYTES, receiveDocument } from '../../lib/uploads/index.ts'
import { acceptRawBodies, declaredLength, rawBodyOf, uploadFailure } from '../../lib/uploads/raw-body.ts'
import { staffOf } from '../../plugins/app/staff-service.ts'
import { serve } from '../serve.ts'

// uploadReportFile (issue 34): a report edition's sample or full file, PDF or
// Word up to 500 MB, as the raw request body. The bytes are streamed to the
// file store under a new key (lib/uploads), then the report service records
// the file on the edition, checking the version, with a revision and an audit
// row. A refused upload leaves nothing in the store.
const config = { keepHttpStatus: true }

export default async function staffFilesPlugin(app: FastifyInstance) {
  acceptRawBodies(app, { [CALLS.staffReports.uploadFile.path]: MAX_UPLOAD_BYTES })
  await app.register(
    serve({ uploadFile: staffReportRoutes.uploadFile }, () => ({
      uploadFile: {
        config,
        preHandler: app.requireStaff('reports.write'),
        handler: async (request) => {
          const staff = staffOf(request)
          const { code, edition, kind } = request.params
          let stored
          try {
            const source = rawBodyOf(request)
            if (!source) throw new AppError('UPLOAD_EMPTY')
            stored = await receiveDocument(app.files, source, {
              name: request.query.name,
              maxBytes: request.routeOptions.bodyLimit,
              declaredBytes: declaredLength(request),
              keyPrefix: `reports/${code}/${edition}/${kind}`,
            })
          } catch (error) {
            throw uploadFailure(request, error)
          }
          const uploadedAt = new Date().toISOString()
          try {
            const report = await app.staffReports.attachFile(
              { code, edition, kind, version: Number(request.query.version), file: stored },
              { ...staff, ip: request.ip },
            )
            const { key: _key, ...file } = stored
            return ok(request.lang, report.editions[edition]?.files[kind] ?? { ...file, uploadedAt })
          } catch (error) {
            // Refused (an older version, an unknown report): the bytes belong to no record.
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
