import { contentRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'

// The BFFs' side of publishing: change polling, slug redirects,
// a report page's SEO head fields, previews. Outcomes answer HTTP 200 with
// their code, as the legacy calls the BFF already reads do.

export default serve(contentRoutes, (app) => ({
  changes: { handler: async (request) => ok(request.lang, await app.content.changes(request.query.after)) },
  redirect: {
    handler: async (request) => ok(request.lang, await app.content.redirect(request.lang, request.query.kind, request.query.slug)),
  },
  seo: { handler: async (request) => ok(request.lang, await app.content.seo(request.lang, request.query.slug)) },
  preview: { handler: async (request) => ok(request.lang, await app.content.preview(request.params.token)) },
}))
