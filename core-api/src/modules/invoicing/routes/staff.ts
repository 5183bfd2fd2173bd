import type { FastifyInstance } from 'fastify'
import { CALLS, staffInvoiceRoutes } from '@rpt/contract'
import { sendStoredFile } from '../../../platform/http/file-response.ts'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'
import { acceptRawBodies } from '../../../platform/files/uploads/raw-body.ts'
import { staffActorOf } from '../../staff/index.ts'
import { MAX_INVOICE_FILE_BYTES, receiveInvoiceFile } from '../invoice-file-upload.ts'

// The finance desk's invoices (invoices.read, invoices.act). The manual
// provider's upload takes the file as the raw body, so it is served by a
// plugin of its own with its own body parser.
const { upload, ...routes } = staffInvoiceRoutes

export default async function staffInvoicesPlugin(app: FastifyInstance) {
  await app.register(
    serve(routes, () => ({
      list: async (request) => ok(request.lang, await app.invoiceDesk.list(request.query)),
      file: async (request, reply) => {
        const file = await app.invoiceDesk.fileOf(request.params.orderNo, request.query.which ?? 'invoice')
        return sendStoredFile(request, reply, app.files, file, async () => {})
      },
      issue: async (request) => ok(request.lang, await app.invoiceDesk.issue(request.params.orderNo, staffActorOf(request))),
      reverse: async (request) =>
        ok(request.lang, await app.invoiceDesk.reverse(request.params.orderNo, request.body.reason.trim(), staffActorOf(request))),
      resend: async (request) => ok(request.lang, await app.invoiceDesk.resend(request.params.orderNo, staffActorOf(request))),
    })),
  )
  await app.register(async (uploads) => {
    acceptRawBodies(uploads, { [CALLS.staffInvoices.upload.path]: MAX_INVOICE_FILE_BYTES })
    await uploads.register(
      serve({ upload }, () => ({
        upload: async (request) => {
          const staff = staffActorOf(request)
          const file = await receiveInvoiceFile(request)
          const { which, number } = request.query
          return ok(request.lang, await app.invoiceDesk.upload(request.params.orderNo, { which, number, file }, staff))
        },
      })),
    )
  })
}
