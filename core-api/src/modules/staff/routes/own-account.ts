import type { FastifyRequest } from 'fastify'
import { staffOwnAccountRoutes } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'
import { sha256Hex } from '../../../platform/lib/secrets.ts'
import { staffActorOf } from '../actor.ts'
import { bearerOf } from '../staff-service.ts'

// Every staff member's own password and second factor (session.credentials).
// The session making the change stays; the member's others end.

/** The digest of this call's token, as staff_session keeps it. */
function tokenHashOf(request: FastifyRequest): string {
  const token = bearerOf(request)
  if (!token) throw new AppError('STAFF_NOT_SIGNED_IN')
  return sha256Hex(token)
}

export default serve(staffOwnAccountRoutes, (app) => {
  const own = app.staffOwnAccount
  return {
    changePassword: async (request) => {
      const { currentPassword, newPassword } = request.body
      return ok(request.lang, await own.changePassword(staffActorOf(request), tokenHashOf(request), currentPassword, newPassword))
    },
    startSecondFactor: async (request) => ok(request.lang, own.startSecondFactor(staffActorOf(request))),
    confirmSecondFactor: async (request) =>
      ok(request.lang, await own.confirmSecondFactor(staffActorOf(request), tokenHashOf(request), request.body)),
  }
})
