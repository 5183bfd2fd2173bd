import { addressRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'
import { sessionOf } from '../../accounts/index.ts'

// The buyer's address book (website token): each call sees only the caller's rows.
export default serve(addressRoutes, (app) => ({
  list: async (request) => ok(request.lang, await app.addressBook.list(sessionOf(request).userId, request.lang)),
  save: async (request) => {
    const { lang: _lang, ...input } = request.body
    return ok(request.lang, await app.addressBook.save(sessionOf(request).userId, request.lang, input))
  },
  remove: async (request) => ok(request.lang, await app.addressBook.remove(sessionOf(request).userId, request.lang, request.body.id)),
}))
