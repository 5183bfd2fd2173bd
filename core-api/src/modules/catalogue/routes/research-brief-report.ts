import { researchBriefReportRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'
import { recordRef, searchOf } from '../../../platform/http/shared-input.ts'

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
    return ok(
      request.lang,
      await app.bulletins.pageList({ lang: request.lang, ...searchOf(b), marketType: b.marketType, topLabelId: b.topLabelId }),
    )
  },
  choicenessReports: async (request) => ok(request.lang, await app.bulletins.choiceness(request.lang, request.query.limit ?? 6)),
  form: async (request) => ok(request.lang, await app.bulletins.form(request.lang, recordRef(request.query))),
}))
