import { staffRoutes } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { ok } from '../../../platform/http/envelope.ts'
import { bearerOf, staffOf } from '../staff-service.ts'
import { serve } from '../../../platform/http/serve.ts'

// The staff API's session. Each staff call's action is its permission in the
// contract, which serve() checks (requireStaff) against the permission table
// before the handler runs; outside the legacy contract, a failure keeps its
// HTTP status (signing in's too).

export default serve(staffRoutes, (app) => ({
  login: async (request) => ok(request.lang, await app.staff.login(request.body, request.ip)),
  logout: async (request) => {
    const token = bearerOf(request)
    if (!token) throw new AppError('STAFF_NOT_SIGNED_IN')
    await app.staff.logout(token, staffOf(request), request.ip)
    return ok(request.lang, null)
  },
  me: async (request) => {
    const { name, role } = staffOf(request)
    return ok(request.lang, { name, role })
  },
}))
