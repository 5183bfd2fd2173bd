import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ListArticlesQuery } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import type { StaffArticleService } from './article-service.ts'
import { staffActorOf } from '../../staff/index.ts'

// The handlers of the staff API's bulletins and news: the same
// calls for both kinds, on the kind's service. Refusals keep their HTTP
// status (docs/staff.md), as the reports' do.

const config = { keepHttpStatus: true }

// The contract's schemas validated the request before a handler runs; these are the fields read from it.
type Req = FastifyRequest<{
  Params: { id: string; revision: string }
  Querystring: ListArticlesQuery & { version: string }
  Body: Record<string, unknown> & { version: number; title: string; edition: 'zh-CN' | 'en-US'; at?: string }
}>

export function articleHandlers(app: FastifyInstance, service: StaffArticleService) {
  const read = app.requireStaff('articles.read')
  const write = app.requireStaff('articles.write')
  const publish = app.requireStaff('articles.publish')
  const entry = (preHandler: typeof read, run: (request: Req) => Promise<unknown>) => ({
    config,
    preHandler,
    handler: async (request: Req) => ok(request.lang, await run(request)),
  })
  return {
    list: entry(read, (r) => service.list(r.query)),
    get: entry(read, (r) => service.get(r.params.id)),
    create: entry(write, (r) => service.create(r.body, staffActorOf(r))),
    update: entry(write, (r) => service.update(r.params.id, r.body, staffActorOf(r))),
    publish: entry(publish, (r) => service.publish(r.params.id, r.body, staffActorOf(r))),
    unpublish: entry(publish, (r) => service.unpublish(r.params.id, r.body, staffActorOf(r))),
    remove: entry(write, async (r) => {
      await service.remove(r.params.id, Number(r.query.version), staffActorOf(r))
      return null
    }),
    revisions: entry(read, (r) => service.revisions(r.params.id)),
    revision: entry(read, (r) => service.revision(r.params.id, Number(r.params.revision))),
    restore: entry(write, (r) => service.restore(r.params.id, Number(r.params.revision), r.body.version, staffActorOf(r))),
    preview: entry(read, (r) => service.preview(r.params.id)),
    removeCover: entry(write, (r) => service.setCover(r.params.id, Number(r.query.version), null, staffActorOf(r))),
  }
}
