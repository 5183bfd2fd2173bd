import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ok, responses } from '../../http/envelope.ts'
import { CustomerInfoSaveBody, CustomerInfoSaveData } from '@rpt/contract'

const tags = ['Base data']

const customerInfoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/save',
    {
      schema: {
        tags,
        summary: "Stores a sample request (type '1') or a custom research request (type '2')",
        description:
          'The form rules are checked in order and the first failure is answered as 100001 with its message in the request language: ' +
          'company name, e-mail (required, then format), phone (required, then format), contact person, description, and version for a sample request in zh-CN. ' +
          'Text fields are stored as plain text. An unknown reportId answers 100005.',
        body: CustomerInfoSaveBody,
        response: responses(CustomerInfoSaveData),
      },
    },
    async (request) => ok(request.lang, await app.customerInfo.save(request.body, request.lang, request.ip)),
  )
}

export default customerInfoRoutes
