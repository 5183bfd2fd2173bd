import { orderDocumentsRoutes } from '@rpt/contract'
import { ok } from '../../platform/http/envelope.ts'
import { serve } from '../../platform/http/serve.ts'
import { sessionOf } from '../accounts/index.ts'
import { orderDocuments } from './order-documents.ts'

export default serve(orderDocumentsRoutes, (app) => ({
  get: async (request) => ok(request.lang, await orderDocuments(app, sessionOf(request).userId, request.body.orderNo)),
}))
