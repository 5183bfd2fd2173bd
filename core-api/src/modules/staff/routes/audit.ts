import { staffAuditRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'

// The audit log of every staff write, for admins.

export default serve(staffAuditRoutes, (app) => ({
  list: async (request) => ok(request.lang, await app.staffReports.listAudit(request.query)),
}))
