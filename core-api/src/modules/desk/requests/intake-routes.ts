import { customerInfoRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'

export default serve(customerInfoRoutes, (app) => ({
  save: async (request) => ok(request.lang, await app.customerInfo.save(request.body, request.lang, request.ip)),
}))
