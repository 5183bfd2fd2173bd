import { staffReportRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { staffActorOf } from '../../staff/index.ts'
import { serve } from '../../../platform/http/serve.ts'

// The staff API's reports; each call's permission is the contract's. The upload
// (uploadFile) is served by its own route file, which streams the bytes and calls attachFile.
const { uploadFile: _upload, ...routes } = staffReportRoutes

export default serve(routes, (app) => {
  const reports = app.staffReports
  return {
    list: async (request) => ok(request.lang, await reports.list(request.query)),
    get: async (request) => ok(request.lang, await reports.get(request.params.code)),
    create: async (request) => ok(request.lang, await reports.create(request.body, staffActorOf(request))),
    update: async (request) => ok(request.lang, await reports.update(request.params.code, request.body, staffActorOf(request))),
    publish: async (request) => ok(request.lang, await reports.publish(request.params.code, request.body, staffActorOf(request))),
    unpublish: async (request) => ok(request.lang, await reports.unpublish(request.params.code, request.body, staffActorOf(request))),
    remove: async (request) => {
      await reports.remove(request.params.code, Number(request.query.version), staffActorOf(request))
      return ok(request.lang, null)
    },
    revisions: async (request) => ok(request.lang, await reports.revisions(request.params.code)),
    revision: async (request) => ok(request.lang, await reports.revision(request.params.code, Number(request.params.revision))),
    restore: async (request) =>
      ok(
        request.lang,
        await reports.restore(request.params.code, Number(request.params.revision), request.body.version, staffActorOf(request)),
      ),
    preview: async (request) => ok(request.lang, await reports.preview(request.params.code, request.lang, staffActorOf(request))),
  }
})
