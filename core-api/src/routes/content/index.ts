import { contentRoutes } from '@rpt/contract'
import { ok } from '../../http/envelope.ts'
import { serve } from '../serve.ts'

// The BFFs' side of publishing (issue 34): change polling, slug redirects, previews.
const config = { keepHttpStatus: true }

export default serve(contentRoutes, (app) => ({
  changes: { config, handler: async (request) => ok(request.lang, await app.content.changes(request.query.after)) },
  redirect: {
    config,
    handler: async (request) => ok(request.lang, await app.content.redirect(request.lang, request.query.slug)),
  },
  preview: { config, handler: async (request) => ok(request.lang, await app.content.preview(request.params.token)) },
}))
