import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ok, responses } from '../../http/envelope.ts'
import { invalid } from '../../errors.ts'
import {
  HotReportsQuery,
  LangOnlyBody,
  PublishDateFacet,
  PublishDateListBody,
  ReportCategoryFacet,
  ReportDetail,
  ReportFormQuery,
  ReportListItem,
  ReportPageListBody,
  ReportPageListData,
} from '@rpt/contract'

const tags = ['Research reports']

const researchReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/pageList',
    {
      schema: {
        tags,
        summary: 'Report list with category, price-band and publish-year facets counted under the current filters',
        description:
          'Accepts both legacy spellings: keyword/queryKeyword, price/queryPrice (band value), publishDate/queryPublishDate (year); priceStr/priceEnd and publishDateStr/publishDateEnd give custom ranges.',
        body: ReportPageListBody,
        response: responses(ReportPageListData),
      },
    },
    async (request) => {
      const b = request.body
      const data = await app.reports.pageList({
        lang: request.lang,
        pageNo: b.pageNo ?? 1,
        pageSize: b.pageSize ?? 10,
        keyword: b.keyword ?? b.queryKeyword,
        marketType: b.marketType,
        reportRegion: b.reportRegion,
        price: b.price ?? b.queryPrice,
        priceStr: b.priceStr,
        priceEnd: b.priceEnd,
        publishDate: b.publishDate ?? b.queryPublishDate,
        publishDateStr: b.publishDateStr,
        publishDateEnd: b.publishDateEnd,
        sort: b.sort,
      })
      return ok(request.lang, data)
    },
  )

  app.get(
    '/form',
    {
      schema: {
        tags,
        summary: 'One report by id or webTitle (a slug may end in -{id})',
        querystring: ReportFormQuery,
        response: responses(ReportDetail),
      },
    },
    async (request) => {
      const { id, webTitle } = request.query
      if (!id && !webTitle) throw invalid('缺少参数：id 或 webTitle', 'Missing parameter: id or webTitle')
      return ok(request.lang, await app.reports.form(request.lang, { id, webTitle }))
    },
  )

  app.get(
    '/hotReports',
    {
      schema: {
        tags,
        summary: 'Hot reports for the home page',
        querystring: HotReportsQuery,
        response: responses(Type.Array(ReportListItem)),
      },
    },
    async (request) => ok(request.lang, await app.reports.hotReports(request.lang, request.query.limit ?? 8)),
  )

  app.post(
    '/publishDateList',
    {
      schema: {
        tags,
        summary: 'Publish years with report counts',
        body: PublishDateListBody,
        response: responses(Type.Array(PublishDateFacet)),
      },
    },
    async (request) => {
      const b = request.body
      return ok(
        request.lang,
        await app.reports.publishDateFacet({ lang: request.lang, marketType: b.marketType, keyword: b.keyword ?? b.queryKeyword }),
      )
    },
  )

  app.post(
    '/categoryList',
    {
      schema: {
        tags,
        summary: 'Report categories with report counts',
        body: LangOnlyBody,
        response: responses(Type.Array(ReportCategoryFacet)),
      },
    },
    async (request) => ok(request.lang, await app.reports.categoryFacet({ lang: request.lang })),
  )

  // The earlier clients' name for the same list.
  app.post(
    '/marketTypeList',
    {
      schema: {
        tags,
        summary: 'Legacy name of categoryList: report categories with report counts',
        body: LangOnlyBody,
        response: responses(Type.Array(ReportCategoryFacet)),
      },
    },
    async (request) => ok(request.lang, await app.reports.categoryFacet({ lang: request.lang })),
  )
}

export default researchReportRoutes
