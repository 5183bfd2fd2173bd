import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ok, responses } from '../../http/envelope.ts'
import { invalid } from '../../errors.ts'
import {
  BulletinCategoryFacet,
  BulletinCategoryPageBody,
  BulletinDetail,
  BulletinFormQuery,
  BulletinListItem,
  BulletinPage,
  BulletinPageListBody,
  ChoicenessQuery,
  LangOnlyBody,
  TopLabelFacet,
} from '@rpt/contract'

const tags = ['Bulletins']

const researchBriefReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/categoryList',
    {
      schema: {
        tags,
        summary: 'Bulletin sub-types (industry-brief, enterprise-hole-analysis) with bulletin counts',
        description:
          'Every sub-type of dictionary bulletin_type (bulletin_type_en in en-US), in dictionary order, including those with no bulletins.',
        body: LangOnlyBody,
        response: responses(Type.Array(BulletinCategoryFacet)),
      },
    },
    async (request) => ok(request.lang, await app.bulletins.categoryList(request.lang)),
  )

  app.post(
    '/categoryPage',
    {
      schema: {
        tags,
        summary: 'Bulletin top labels with bulletin counts within an optional sub-type',
        description:
          'Every label of dictionary bulletin_label (bulletin_label_en in en-US), in dictionary order, including those with no bulletins. keyword/queryKeyword narrow the counts like the list.',
        body: BulletinCategoryPageBody,
        response: responses(Type.Array(TopLabelFacet)),
      },
    },
    async (request) => {
      const b = request.body
      return ok(
        request.lang,
        await app.bulletins.categoryPage({ lang: request.lang, marketType: b.marketType, keyword: b.keyword ?? b.queryKeyword }),
      )
    },
  )

  app.post(
    '/pageList',
    {
      schema: {
        tags,
        summary: 'Bulletin list, newest first, filtered by sub-type, top label and keyword',
        description: 'Accepts both legacy keyword spellings: keyword/queryKeyword.',
        body: BulletinPageListBody,
        response: responses(BulletinPage),
      },
    },
    async (request) => {
      const b = request.body
      const data = await app.bulletins.pageList({
        lang: request.lang,
        pageNo: b.pageNo ?? 1,
        pageSize: b.pageSize ?? 10,
        keyword: b.keyword ?? b.queryKeyword,
        marketType: b.marketType,
        topLabelId: b.topLabelId,
      })
      return ok(request.lang, data)
    },
  )

  app.get(
    '/choicenessReports',
    {
      schema: {
        tags,
        summary: 'Featured (choiceness) bulletins, newest first',
        querystring: ChoicenessQuery,
        response: responses(Type.Array(BulletinListItem)),
      },
    },
    async (request) => ok(request.lang, await app.bulletins.choiceness(request.lang, request.query.limit ?? 6)),
  )

  app.get(
    '/form',
    {
      schema: {
        tags,
        summary: 'One bulletin by id or webTitle (a slug may end in -{id})',
        querystring: BulletinFormQuery,
        response: responses(BulletinDetail),
      },
    },
    async (request) => {
      const { id, webTitle } = request.query
      if (!id && !webTitle) throw invalid('缺少参数：id 或 webTitle', 'Missing parameter: id or webTitle')
      return ok(request.lang, await app.bulletins.form(request.lang, { id, webTitle }))
    },
  )
}

export default researchBriefReportRoutes
