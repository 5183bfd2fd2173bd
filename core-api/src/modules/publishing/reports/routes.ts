import { staffReportRoutes } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import { staffActorOf } from '../../staff/index.ts'
import { serve } from '../../../platform/http/serve.ts'

// The staff API's reports. The upload (uploadFile) is served by
// its own route file, which streams the bytes and calls attachFile.
const { uploadFile: _upload, ...routes } = staffReportRoutes
const config = { keepHttpStatus: true }

export default serve(routes, (app) => {
  const read = app.requireStaff('reports.read')
  const write = app.requireStaff('reports.write')
  const publish = app.requireStaff('reports.publish')
  const reports = app.staffReports
  return {
    list: { config, preHandler: read, handler: async (request) => ok(request.lang, await reports.list(request.query)) },
    get: { config, preHandler: read, handler: async (request) => ok(request.lang, await reports.get(request.params.code)) },
    create: {
      config,
      preHandler: write,
      handler: async (request) => ok(request.lang, await reports.create(request.body, staffActorOf(request))),
    },
    update: {
      config,
      preHandler: write,
      handler: async (request) => ok(request.lang, await reports.update(request.params.code, request.body, staffActorOf(request))),
    },
    publish: {
      config,
      preHandler: publish,
      handler: async (request) => ok(request.lang, await reports.publish(request.params.code, request.body, staffActorOf(request))),
    },
    unpublish: {
      config,
      preHandler: publish,
      handler: async (request) => ok(request.lang, await reports.unpublish(request.params.code, request.body, staffActorOf(request))),
    },
    remove: {
      config,
      preHandler: write,
      handler: async (request) => {
        await reports.remove(request.params.code, Number(request.query.version), staffActorOf(request))
        return ok(request.lang, null)
      },
    },
    revisions: { config, preHandler: read, handler: async (request) => ok(request.lang, await reports.revisions(request.params.code)) },
    revision: {
      config,
      preHandler: read,
      handler: async (request) => ok(request.lang, await reports.revision(request.params.code, Number(request.params.revision))),
    },
    restore: {
      config,
      preHandler: write,
      handler: async (request) =>
        ok(
          request.lang,
          await reports.restore(request.params.code, Number(request.params.revision), request.body.version, staffActorOf(request)),
        ),
    },
    preview: {
      config,
      preHandler: read,
      handler: async (request) => ok(request.lang, await reports.preview(request.params.code, request.lang)),
    },
  }
})
