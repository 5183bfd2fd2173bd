import { homeRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'

export default serve(homeRoutes, (app) => ({
  mapData: async (request) => {
    const [report, market, regions] = await Promise.all([
      app.reports.hotReports(request.lang, 6),
      app.news.topList(request.lang, 6),
      app.home.mapData(request.lang),
    ])
    return ok(request.lang, { report, market, regions })
  },
}))
