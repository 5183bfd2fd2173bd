import { carouselRoutes } from '@rpt/contract'
import { ok } from '../../http/envelope.ts'
import { serve } from '../serve.ts'

export default serve(carouselRoutes, (app) => ({
  listData: async (request) => ok(request.lang, await app.home.carousel(request.lang)),
}))
