import { researchBriefReportRoutes } from '@rpt/contract'
import { invalid } from '../../errors.ts'
import { ok } from '../../http/envelope.ts'
import { serve } from '../serve.ts'

export default serve(researchBriefReportRoutes, (app) => ({
  categoryList: async (request) => ok(request.lang, await app.bulletins.categoryList(request.lang)),
  categoryPage: async (request) => {
    const b = request.body
    return ok(
      request.lang,
      await app.bulletins.categoryPage({ lang: request.lang, marketType: b.marketType, keyword: b.keyword ?? b.queryKeyword }),
    )
  },
  pageList: async (request) => {
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
  choicenessReports: async (request) => ok(request.lang, await app.bulletins.choiceness(request.lang, request.query.limit ?? 6)),
  form: async (request) => {
    const { id, webTitle } = request.query
    if (!id && !webTitle) throw invalid('缺少参数：id 或 webTitle', 'Missing parameter: id or webTitle')
    return ok(request.lang, await app.bulletins.form(request.lang, { id, webTitle }))
  },
}))
