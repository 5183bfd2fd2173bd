import { staffRoutes } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { ok } from '../../../platform/http/envelope.ts'
import { bearerOf, staffOf } from '../staff-service.ts'
import { serve } from '../../../platform/http/serve.ts'

// The staff API: each call names the action it needs, and
// requireStaff checks it against the permission table before the handler runs.
// Outside the legacy contract, a failure keeps its HTTP status.
const config = { keepHttpStatus: true }

export default serve(staffRoutes, (app) => ({
  login: { config, handler: async (request) => ok(request.lang, await app.staff.login(request.body, request.ip)) },
  logout: {
    config,
    preHandler: app.requireStaff('session.end'),
    handler: async (request) => {
      const token = bearerOf(request)
      if (!token) throw new AppError('STAFF_NOT_SIGNED_IN')
      await app.staff.logout(token, staffOf(request), request.ip)
      return ok(request.lang, null)
    },
  },
  me: {
    config,
    preHandler: app.requireStaff('session.read'),
    handler: async (request) => {
      const { name, role } = staffOf(request)
      return ok(request.lang, { name, role })
    },
  },
}))
