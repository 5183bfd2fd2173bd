import { staffAuditRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'

// The audit log of every staff write, for admins.
const config = { keepHttpStatus: true }

export default serve(staffAuditRoutes, (app) => ({
  list: {
    config,
    preHandler: app.requireStaff('audit.read'),
    handler: async (request) => ok(request.lang, await app.staffReports.listAudit(request.query)),
  },
}))
