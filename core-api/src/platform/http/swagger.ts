import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

async function swaggerPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Research publisher core API',
        description: [
          'The legacy content, account and order contract. Every answer is the envelope {code, msg, data}; code 200 is success.',
          'Every request carries lang (zh-CN or en-US) in its POST body or GET query.',
          'Outcomes come with HTTP 200 and the outcome in code, as the legacy backend answered them: validation (100001), the business codes (100002-100011), not logged in (200001), login expired (5001, -400) and server errors (500, 5002, 900001). Only what the transport refuses keeps its status: a body over the limit (413), an unsupported content type (415), an unknown path (404), a range past the file (416), too many requests (429); and the health checks and the mailed download links.',
          'A tolerant reader: body fields and query parameters a call does not declare are ignored (counted in core_unknown_fields_total at /metrics); "" and null mean absent; numeric strings are read as numbers. A declared field of the wrong type or out of range is refused with 100001, naming it.',
          'Fields described as a legacy name repeat a value under the name earlier clients read.',
        ].join('\n\n'),
        version: '1.0.0',
      },
      components: {
        securitySchemes: { websiteToken: { type: 'apiKey', in: 'header', name: 'website-token' } },
      },
    },
  })
  if (app.config.PUBLIC_DOCS) {
    await app.register(swaggerUi, { routePrefix: '/docs' })
  }
}

export default fp(swaggerPlugin, { name: 'swagger', dependencies: ['config'] })
