import { staffDashboardRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { staffActorOf } from '../../staff/index.ts'
import { serve } from '../../../platform/http/serve.ts'

// The staff desk's dashboard: every role opens it (dashboard.read);
// the service answers only the sections the caller's role may read.

export default serve(staffDashboardRoutes, (app) => ({
  get: async (request) => ok(request.lang, await app.staffDashboard.get(staffActorOf(request).role)),
}))
