import { staffRequestRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { sendExport, staffActorOf } from '../../staff/index.ts'
import { requestsSheet } from './request-export.ts'
import { requestConditions } from './request-query.ts'
import { serve } from '../../../platform/http/serve.ts'

// The requests inbox of the staff desk: sales and admin read,
// export and work requests; every change is audited by the service.
const config = { keepHttpStatus: true }

export default serve(staffRequestRoutes, (app) => {
  const read = app.requireStaff('requests.read')
  const write = app.requireStaff('requests.write')
  const requests = app.staffRequests
  return {
    list: {
      config,
      preHandler: read,
      handler: async (request) => ok(request.lang, await requests.list(request.query, staffActorOf(request).id)),
    },
    exportList: {
      config,
      preHandler: read,
      handler: async (request, reply) => {
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
    },
    get: { config, preHandler: read, handler: async (request) => ok(request.lang, await requests.get(request.params.id)) },
    update: {
      config,
      preHandler: write,
      handler: async (request) => ok(request.lang, await requests.update(request.params.id, request.body, staffActorOf(request))),
    },
    addNote: {
      config,
      preHandler: write,
      handler: async (request) => ok(request.lang, await requests.addNote(request.params.id, request.body.body, staffActorOf(request))),
    },
  }
})
