import { staffAccountRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'
import { staffActorOf } from '../actor.ts'

// Staff accounts for admins (staff.manage): the service audits each change
// and keeps an active admin; a new password or secret is in this answer only.

export default serve(staffAccountRoutes, (app) => {
  const accounts = app.staffAccounts
  return {
    list: async (request) => ok(request.lang, { list: await accounts.list() }),
    add: async (request) => ok(request.lang, await accounts.add(staffActorOf(request), request.body.name, request.body.role)),
    disable: async (request) => ok(request.lang, await accounts.disable(staffActorOf(request), request.params.name)),
    enable: async (request) => ok(request.lang, await accounts.enable(staffActorOf(request), request.params.name)),
    reset: async (request) => ok(request.lang, await accounts.reset(staffActorOf(request), request.params.name, request.body.replace)),
    setRole: async (request) => ok(request.lang, await accounts.setRole(staffActorOf(request), request.params.name, request.body.role)),
  }
})
