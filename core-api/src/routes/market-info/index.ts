import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ok, responses } from '../../http/envelope.ts'
import { invalid } from '../../errors.ts'
import {
  LangOnlyBody,
  NewsDetail,
  NewsDetailQuery,
  NewsListItem,
  NewsMarketTypeCount,
  NewsPage,
  NewsPageListBody,
  NewsTopListQuery,
} from '@rpt/contract'

const tags = ['Industry news']

const marketInfoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/pageList',
    {
      schema: {
        tags,
        summary: 'Industry news list, newest first, filtered by market type, news category and keyword',
        description:
          'Accepts both legacy keyword spellings (keyword/queryKeyword) and activeIndustryType as an alias of marketType. Only published articles of the request language.',
        body: NewsPageListBody,
        response: responses(NewsPage),
      },
    },
    async (request) => {
      const b = request.body
      const data = await app.news.pageList({
        lang: request.lang,
        pageNo: b.pageNo ?? 1,
        pageSize: b.pageSize ?? 10,
        keyword: b.keyword ?? b.queryKeyword,
        marketType: b.marketType ?? b.activeIndustryType,
        marketCategory: b.marketCategory,
      })
      return ok(request.lang, data)
    },
  )

  app.get(
    '/detailList',
    {
      schema: {
        tags,
        summary: 'One article by id or webTitle (a slug may end in -{id}) with its previous (older) and next (newer) article',
        querystring: NewsDetailQuery,
        response: responses(NewsDetail),
      },
    },
    async (request) => {
      const { id, webTitle } = request.query
      if (!id && !webTitle) throw invalid('缺少参数：id 或 webTitle', 'Missing parameter: id or webTitle')
      return ok(request.lang, await app.news.detail(request.lang, { id, webTitle }))
    },
  )

  app.get(
    '/topList',
    {
      schema: {
        tags,
        summary: 'Addition to the legacy contract: the newest articles ("top six") for the home page',
        description: 'limit defaults to 6 (at most 20). Same item shape as pageList.',
        querystring: NewsTopListQuery,
        response: responses(Type.Array(NewsListItem)),
      },
    },
    async (request) => ok(request.lang, await app.news.topList(request.lang, request.query.limit ?? 6)),
  )

  // The earlier clients' name for the same list: the six newest articles.
  app.get(
    '/marketInfoTopSixList',
    {
      schema: {
        tags,
        summary: 'Legacy name of topList: the six newest articles of the language',
        querystring: Type.Object({ lang: NewsTopListQuery.properties.lang }),
        response: responses(Type.Array(NewsListItem)),
      },
    },
    async (request) => ok(request.lang, await app.news.topList(request.lang, 6)),
  )

  app.post(
    '/categoryList',
    {
      schema: {
        tags,
        summary: 'Addition to the legacy contract: news market types with their news categories and article counts, for the news menu',
        description:
          'Every market type of dictionary market_type (market_type_en in en-US) in dictionary order, each with every category of news_category (news_category_en) counted within that type; zero counts included.',
        body: LangOnlyBody,
        response: responses(Type.Array(NewsMarketTypeCount)),
      },
    },
    async (request) => ok(request.lang, await app.news.categoryList(request.lang)),
  )
}

export default marketInfoRoutes
