import { researchReportRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import type { Lang } from '../../../platform/errors.ts'
import { serve } from '../../../platform/http/serve.ts'
import { recordRef, searchOf } from '../../../platform/http/shared-input.ts'

export default serve(researchReportRoutes, (app) => {
  const categories = async (lang: Lang) => ok(lang, await app.reports.categoryFacet({ lang }))
  return {
    pageList: async (request) => {
      const b = request.body
      const data = await app.reports.pageList({
        lang: request.lang,
        ...searchOf(b),
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
    form: async (request) => ok(request.lang, await app.reports.form(request.lang, recordRef(request.query))),
    hotReports: async (request) => ok(request.lang, await app.reports.hotReports(request.lang, request.query.limit ?? 8)),
    publishDateList: async (request) => {
      const b = request.body
      return ok(
        request.lang,
        await app.reports.publishDateFacet({ lang: request.lang, marketType: b.marketType, keyword: b.keyword ?? b.queryKeyword }),
      )
    },
    categoryList: async (request) => categories(request.lang),
    // The earlier clients' name for the same list.
    marketTypeList: async (request) => categories(request.lang),
  }
})
