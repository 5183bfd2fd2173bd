import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

async function swaggerPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Research publisher core API',
        description: 'The legacy content, account and order contract. Every answer is the envelope {code, msg, data}; code 200 is success. Every request carries lang (zh-CN or en-US) in its POST body or GET query.',
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
