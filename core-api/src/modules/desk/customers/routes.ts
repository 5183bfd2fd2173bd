import type { FastifyRequest } from 'fastify'
import { staffCustomerRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { staffActorOf } from '../../staff/index.ts'
import { serve } from '../../../platform/http/serve.ts'

// The customers of the staff desk: sales and admin find and read
// accounts (each page view audited) and act on them (each action audited);
// the service writes the audit rows.
/** The four actions take and answer the same (an id; the account and what the action did). */
type ActionRequest = FastifyRequest & { params: { id: string } }

export default serve(staffCustomerRoutes, (app) => {
  const customers = app.staffCustomers
  const action = (act: 'unlock' | 'sendResetMail' | 'disable' | 'enable') => async (request: ActionRequest) =>
    ok(request.lang, await customers[act](request.params.id, staffActorOf(request)))
  return {
    list: async (request) => ok(request.lang, await customers.list(request.query)),
    get: async (request) => ok(request.lang, await customers.get(request.params.id, staffActorOf(request))),
    unlock: action('unlock'),
    resetMail: action('sendResetMail'),
    disable: action('disable'),
    enable: action('enable'),
  }
})
