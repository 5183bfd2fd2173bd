import { carouselRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'

export default serve(carouselRoutes, (app) => ({
  listData: async (request) => ok(request.lang, await app.home.carousel(request.lang)),
}))
