import type { FastifyInstance, FastifyReply } from 'fastify'
import { bankTransferRoutes, CALLS, staffTransferRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'
import { acceptRawBodies, readRawBody } from '../../../platform/files/uploads/raw-body.ts'
import { sessionOf } from '../../accounts/index.ts'
import { staffActorOf } from '../../staff/index.ts'
import { proformaFor } from './proforma-pdf.ts'
import { MAX_STATEMENT_BYTES } from './statement-reader.ts'

// Bank transfers' routes: the buyer's proforma (website token), and
// finance's desk (transfers.read / transfers.act). The statement comes as the
// raw request body, as the console's other uploads do, so its plugin has a
// body parser of its own; the rest take JSON.

function sendPdf(reply: FastifyReply, orderNo: string, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="proforma-${orderNo}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf)
}

const { importStatement, ...deskRoutes } = staffTransferRoutes

export default async function bankTransferPlugin(app: FastifyInstance) {
  await app.register(
    serve(bankTransferRoutes, (app) => ({
      proforma: async (request, reply) => {
        const pdf = await proformaFor(app.db.sequelize, app.configs, request.query.orderNo, sessionOf(request).userId)
        return sendPdf(reply, request.query.orderNo, pdf)
      },
    })),
  )
  await app.register(
    serve(deskRoutes, (app) => ({
      list: async (request) => ok(request.lang, await app.transferDesk.list(request.query)),
      proforma: async (request, reply) =>
        sendPdf(reply, request.params.orderNo, await proformaFor(app.db.sequelize, app.configs, request.params.orderNo)),
      markReceived: async (request) =>
        ok(request.lang, await app.transferDesk.markReceived(request.params.orderNo, request.body, staffActorOf(request))),
      getStatement: async (request) => ok(request.lang, await app.transferDesk.getStatement(request.params.id)),
      confirmStatement: async (request) =>
        ok(request.lang, await app.transferDesk.confirm(request.params.id, request.body.lines, staffActorOf(request))),
    })),
  )
  await app.register(async (scope) => {
    acceptRawBodies(scope, { [CALLS.staffTransfers.importStatement.path]: MAX_STATEMENT_BYTES })
    await scope.register(
      serve({ importStatement }, (app) => ({
        importStatement: async (request) => {
          const bytes = await readRawBody(request, MAX_STATEMENT_BYTES, {
            missing: 'STATEMENT_UNREADABLE',
            tooLarge: 'STATEMENT_TOO_LARGE',
          })
          return ok(request.lang, await app.transferDesk.importStatement(request.query.name, bytes, staffActorOf(request)))
        },
      })),
    )
  })
}
