import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ok, responses } from '../../http/envelope.ts'
import { LangOnlyQuery, MapData } from './schemas.ts'

const tags = ['Base data']

const homeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/mapData', {
    schema: {
      tags,
      summary: "Home page world map: clients and reports per region, by sort, named in the request's language",
      querystring: LangOnlyQuery,
      response: responses(MapData),
    },
  }, async (request) => ok(request.lang, await app.home.mapData(request.lang)))
}

export default homeRoutes
