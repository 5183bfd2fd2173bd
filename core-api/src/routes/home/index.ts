import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ok, responses } from '../../http/envelope.ts'
import { LangOnlyQuery, MapData } from '@rpt/contract'

const tags = ['Base data']

const homeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/mapData',
    {
      schema: {
        tags,
        summary:
          "Home page blocks: hot reports (report) and the newest articles (market), as earlier clients read them, and the world map figures (regions), named in the request's language",
        querystring: LangOnlyQuery,
        response: responses(MapData),
      },
    },
    async (request) => {
      const [report, market, regions] = await Promise.all([
        app.reports.hotReports(request.lang, 6),
        app.news.topList(request.lang, 6),
        app.home.mapData(request.lang),
      ])
      return ok(request.lang, { report, market, regions })
    },
  )
}

export default homeRoutes
