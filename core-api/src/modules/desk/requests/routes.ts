import { staffRequestRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { sendExport, staffActorOf } from '../../staff/index.ts'
import { requestsSheet } from './request-export.ts'
import { requestConditions } from './request-query.ts'
import { serve } from '../../../platform/http/serve.ts'

// The requests inbox of the staff desk: sales and admin read,
// export and work requests; every change is audited by the service.

export default serve(staffRequestRoutes, (app) => {
  const requests = app.staffRequests
  return {
    list: async (request) => ok(request.lang, await requests.list(request.query, staffActorOf(request).id)),
    exportList: async (request, reply) => {
      const actor = staffActorOf(request)
      const { format, ...filters } = request.query
      // Refused filters answer the error envelope here, before the file's first byte is sent.
      requestConditions(filters, actor.id)
      await requests.auditExport(request.query, actor)
      const day = new Date().toISOString().slice(0, 10)
      return sendExport(reply, {
        fileName: `requests-${day}`,
        format,
        sheet: requestsSheet(request.lang),
        rows: requests.rows(filters, actor.id),
      })
    },
    get: async (request) => ok(request.lang, await requests.get(request.params.id)),
    update: async (request) => ok(request.lang, await requests.update(request.params.id, request.body, staffActorOf(request))),
    addNote: async (request) => ok(request.lang, await requests.addNote(request.params.id, request.body.body, staffActorOf(request))),
  }
})
