import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ListArticlesQuery } from '@rpt/contract'
import { ok } from '../../../platform/http/envelope.ts'
import type { StaffArticleService } from './article-service.ts'
import { staffActorOf } from '../../staff/index.ts'

// The handlers of the staff API's bulletins and news: the same
// calls for both kinds, on the kind's service. Their permissions (and their
// refusals' HTTP statuses, docs/staff.md) come with the contract's routes, as the reports' do.

// The contract's schemas validated the request before a handler runs; these are the fields read from it.
type Req = FastifyRequest<{
  Params: { id: string; revision: string }
  Querystring: ListArticlesQuery & { version: string }
  Body: Record<string, unknown> & { version: number; title: string; edition: 'zh-CN' | 'en-US'; at?: string }
}>

export function articleHandlers(app: FastifyInstance, service: StaffArticleService) {
  const entry = (run: (request: Req) => Promise<unknown>) => async (request: Req) => ok(request.lang, await run(request))
  return {
    list: entry((r) => service.list(r.query)),
    get: entry((r) => service.get(r.params.id)),
    create: entry((r) => service.create(r.body, staffActorOf(r))),
    update: entry((r) => service.update(r.params.id, r.body, staffActorOf(r))),
    publish: entry((r) => service.publish(r.params.id, r.body, staffActorOf(r))),
    unpublish: entry((r) => service.unpublish(r.params.id, r.body, staffActorOf(r))),
    remove: entry(async (r) => {
      await service.remove(r.params.id, Number(r.query.version), staffActorOf(r))
      return null
    }),
    revisions: entry((r) => service.revisions(r.params.id)),
    revision: entry((r) => service.revision(r.params.id, Number(r.params.revision))),
    restore: entry((r) => service.restore(r.params.id, Number(r.params.revision), r.body.version, staffActorOf(r))),
    preview: entry((r) => service.preview(r.params.id, staffActorOf(r))),
    removeCover: entry((r) => service.setCover(r.params.id, Number(r.query.version), null, staffActorOf(r))),
  }
}
