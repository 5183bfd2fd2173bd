import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ok, responses } from '../../http/envelope.ts'
import { AppError } from '../../errors.ts'

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', {
    schema: {
      tags: ['Operations'],
      summary: 'Answers 200 once the database answers',
      querystring: Type.Object({ lang: Type.Optional(Type.String({ maxLength: 10 })) }),
      response: responses(Type.Object({ status: Type.String(), database: Type.String() })),
    },
  }, async (request) => {
    try {
      await app.db.sequelize.query('SELECT 1')
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable')
      throw new AppError('SERVER_ERROR')
    }
    return ok(request.lang, { status: 'ok', database: app.db.embedded ? 'embedded' : 'postgresql' })
  })
}

export default healthRoutes
