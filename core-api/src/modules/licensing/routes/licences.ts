import { licenceRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'
import { sessionOf } from '../../accounts/index.ts'

// The buyer's seats and the invited colleague's acceptance (website token),
// and the verification of an account's e-mail.
export default serve(licenceRoutes, (app) => ({
  listSeats: async (request) => ok(request.lang, await app.licences.seats.view(sessionOf(request).userId, request.body.orderNo)),
  inviteSeat: async (request) => ok(request.lang, await app.licences.seats.invite(sessionOf(request).userId, request.body)),
  invitation: async (request) => ok(request.lang, await app.licences.seats.invitation(request.body.token)),
  acceptSeat: async (request) => ok(request.lang, await app.licences.seats.accept(sessionOf(request).userId, request.body.token)),
  revokeSeat: async (request) => ok(request.lang, await app.licences.seats.revoke(sessionOf(request).userId, request.body)),
  sendEmailVerification: async (request) => ok(request.lang, await app.licences.verification.send(sessionOf(request).userId, request.lang)),
  verifyEmail: async (request) => ok(request.lang, await app.licences.verification.verify(request.body.token)),
}))
