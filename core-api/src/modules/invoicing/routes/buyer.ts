import { invoicingRoutes } from '@rpt/contract'
import { sendStoredFile } from '../../../platform/http/file-response.ts'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'
import { sessionOf } from '../../accounts/index.ts'

// The buyer's invoice titles and invoice requests, and the issued file: all of
// them the signed-in buyer's own.
export default serve(invoicingRoutes, (app) => ({
  listTitles: async (request) => ok(request.lang, await app.invoiceTitles.list(sessionOf(request).userId, request.lang)),
  saveTitle: async (request) => ok(request.lang, await app.invoiceTitles.save(sessionOf(request).userId, request.lang, request.body)),
  deleteTitle: async (request) => ok(request.lang, await app.invoiceTitles.remove(sessionOf(request).userId, request.body.id)),
  request: async (request) => ok(request.lang, await app.invoiceTitles.request(sessionOf(request).userId, request.body)),
  file: async (request, reply) => {
    const file = await app.invoiceTitles.fileOf(sessionOf(request).userId, request.query.orderNo, request.query.which ?? 'invoice')
    return sendStoredFile(request, reply, app.files, file, async () => {})
  },
}))
