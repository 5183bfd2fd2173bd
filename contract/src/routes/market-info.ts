import { Type } from 'typebox'
import { LangOnlyBody, LangOnlyQuery } from '../fields.ts'
import {
  NewsDetail,
  NewsDetailQuery,
  NewsListItem,
  NewsMarketTypeCount,
  NewsPage,
  NewsPageListBody,
  NewsTopListQuery,
} from '../market-info.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

export const marketInfoRoutes = defineRoutes(CALLS.marketInfo, ['Industry news'], {
  pageList: {
    summary: 'Industry news list, newest first, filtered by market type, news category and keyword',
    description:
      'Accepts both legacy keyword spellings (keyword/queryKeyword) and activeIndustryType as an alias of marketType. Only published articles of the request language.',
    body: NewsPageListBody,
    data: NewsPage,
  },
  detailList: {
    summary: 'One article by id or webTitle (a slug may end in -{id}) with its previous (older) and next (newer) article',
    querystring: NewsDetailQuery,
    data: NewsDetail,
  },
  topList: {
    summary: 'Addition to the legacy contract: the newest articles ("top six") for the home page',
    description: 'limit defaults to 6 (at most 20). Same item shape as pageList.',
    querystring: NewsTopListQuery,
    data: Type.Array(NewsListItem),
  },
  // The earlier clients' name for the same list: the six newest articles.
  marketInfoTopSixList: {
    summary: 'Legacy name of topList: the six newest articles of the language',
    querystring: LangOnlyQuery,
    data: Type.Array(NewsListItem),
  },
  categoryList: {
    summary: 'Addition to the legacy contract: news market types with their news categories and article counts, for the news menu',
    description:
      'Every market type of dictionary market_type (market_type_en in en-US) in dictionary order, each with every category of news_category (news_category_en) counted within that type; zero counts included.',
    body: LangOnlyBody,
    data: Type.Array(NewsMarketTypeCount),
  },
})
