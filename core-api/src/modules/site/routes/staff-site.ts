import { staffSiteRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { staffActorOf } from '../../staff/index.ts'
import { serve } from '../../../platform/http/serve.ts'

// The staff API's site content: the carousel, dictionary entries
// and configuration. Every role reads them; editors and admins save them.

export default serve(staffSiteRoutes, (app) => {
  const site = app.staffSite
  return {
    listCarousel: async (request) => ok(request.lang, await site.carousel(request.query.edition ?? request.lang)),
    updateCarousel: async (request) => ok(request.lang, await site.updateCarousel(request.body, staffActorOf(request))),
    listDictItems: async (request) => ok(request.lang, await site.entries.listDict(request.query.type)),
    updateDictItem: async (request) =>
      ok(request.lang, await site.entries.updateDict(request.params.type, request.params.value, request.body, staffActorOf(request))),
    listConfig: async (request) => ok(request.lang, await site.entries.listConfig(request.query)),
    updateConfig: async (request) =>
      ok(request.lang, await site.entries.updateConfig(request.params.key, request.body, staffActorOf(request))),
  }
})
