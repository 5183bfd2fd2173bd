import { marketInfoRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'
import { recordRef, searchOf } from '../../../platform/http/shared-input.ts'

export default serve(marketInfoRoutes, (app) => ({
  pageList: async (request) => {
    const b = request.body
    const filters = { marketType: b.marketType ?? b.activeIndustryType, marketCategory: b.marketCategory }
    return ok(request.lang, await app.news.pageList({ lang: request.lang, ...searchOf(b), ...filters }))
  },
  detailList: async (request) => ok(request.lang, await app.news.detail(request.lang, recordRef(request.query))),
  topList: async (request) => ok(request.lang, await app.news.topList(request.lang, request.query.limit ?? 6)),
  // The earlier clients' name for the same list: the six newest articles.
  marketInfoTopSixList: async (request) => ok(request.lang, await app.news.topList(request.lang, 6)),
  categoryList: async (request) => ok(request.lang, await app.news.categoryList(request.lang)),
}))
