import { staffSiteRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { staffActorOf } from '../../staff/index.ts'
import { serve } from '../../../platform/http/serve.ts'

// The staff API's site content: the carousel, dictionary entries
// and configuration. Every role reads them; editors and admins save them.
const config = { keepHttpStatus: true }

export default serve(staffSiteRoutes, (app) => {
  const read = app.requireStaff('site.read')
  const write = app.requireStaff('site.write')
  const site = app.staffSite
  return {
    listCarousel: {
      config,
      preHandler: read,
      handler: async (request) => ok(request.lang, await site.carousel(request.query.edition ?? request.lang)),
    },
    updateCarousel: {
      config,
      preHandler: write,
      handler: async (request) => ok(request.lang, await site.updateCarousel(request.body, staffActorOf(request))),
    },
    listDictItems: {
      config,
      preHandler: read,
      handler: async (request) => ok(request.lang, await site.entries.listDict(request.query.type)),
    },
    updateDictItem: {
      config,
      preHandler: write,
      handler: async (request) =>
        ok(request.lang, await site.entries.updateDict(request.params.type, request.params.value, request.body, staffActorOf(request))),
    },
    listConfig: { config, preHandler: read, handler: async (request) => ok(request.lang, await site.entries.listConfig(request.query)) },
    updateConfig: {
      config,
      preHandler: write,
      handler: async (request) =>
        ok(request.lang, await site.entries.updateConfig(request.params.key, request.body, staffActorOf(request))),
    },
  }
})
