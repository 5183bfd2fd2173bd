import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ok, responses } from '../../http/envelope.ts'
import { CarouselList, LangOnlyQuery } from '@rpt/contract'

const tags = ['Base data']

const carouselRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/listData',
    {
      schema: {
        tags,
        summary: "Home page carousel slides of the request's language, by sort",
        querystring: LangOnlyQuery,
        response: responses(CarouselList),
      },
    },
    async (request) => ok(request.lang, await app.home.carousel(request.lang)),
  )
}

export default carouselRoutes
