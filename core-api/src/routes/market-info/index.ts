import { marketInfoRoutes } from '@rpt/contract'
import { invalid } from '../../errors.ts'
import { ok } from '../../http/envelope.ts'
import { serve } from '../serve.ts'

export default serve(marketInfoRoutes, (app) => ({
  pageList: async (request) => {
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
  detailList: async (request) => {
    const { id, webTitle } = request.query
    if (!id && !webTitle) throw invalid('缺少参数：id 或 webTitle', 'Missing parameter: id or webTitle')
    return ok(request.lang, await app.news.detail(request.lang, { id, webTitle }))
  },
  topList: async (request) => ok(request.lang, await app.news.topList(request.lang, request.query.limit ?? 6)),
  // The earlier clients' name for the same list: the six newest articles.
  marketInfoTopSixList: async (request) => ok(request.lang, await app.news.topList(request.lang, 6)),
  categoryList: async (request) => ok(request.lang, await app.news.categoryList(request.lang)),
}))
