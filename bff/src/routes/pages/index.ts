import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { TObject } from 'typebox'
import { Envelope, ErrorEnvelope, isLoginExpired, type ContentKind } from '@rpt/contract'
import { keepKnown } from '../../http/legacy-input.ts'
import { explicitLang, requestLang } from '../../http/locale.ts'
import { EncodedBodies, sendCompressed, sendEncoded, weakEtag } from '../../lib/encoded-body.ts'
import type { PageAnswer, PageContext } from '../../plugins/app/pages.ts'
import {
  ArticleData,
  BulletinData,
  BulletinsData,
  BulletinsQuery,
  HomeData,
  HomeQuery,
  NewsData,
  NewsQuery,
  RecordQuery,
  ReportData,
  ReportsData,
  ReportsQuery,
} from './schemas.ts'

type Query = Record<string, unknown>

/** The core API's codes for a record that does not exist (as ssr/page-data.ts reads them). */
const MISSING_CODES: ReadonlySet<number> = new Set([100005, 404])

/**
 * One round trip per page for the client's first render: each answer bundles
 * the calls the page makes, in the usual {code, msg, data} envelope. A
 * missing record keeps the core API's code (100005 for a report, say).
 */
export default async function pageRoutes(app: FastifyInstance) {
  // A page made of cached parts only comes back as the same body object while
  // those parts stay cached (see compose in plugins/app/pages.ts): its JSON,
  // compressed bytes and ETag are made once, not per request.
  const encodedBodies = new EncodedBodies<object>()
  const page = (
    url: string,
    querystring: TObject,
    data: TObject,
    build: (ctx: PageContext, query: Query, request: FastifyRequest) => Promise<PageAnswer>,
  ) => {
    app.get(
      url,
      {
        schema: { querystring, response: { 200: Envelope(data), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope } },
        preValidation: async (request) => keepKnown(request.query, querystring),
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const token = app.session.token(request)
        const answer = await build({ lang: requestLang(request), ...(token ? { token } : {}) }, request.query as Query, request)
        if (isLoginExpired(answer.body.code)) app.session.end(request, reply)
        if (answer.outcome) reply.header('x-cache', answer.outcome)
        reply.status(answer.status)
        reply.outcomeCode = answer.body.code
        // A failure comes with HTTP 200 and its code too; its body is not the page's data, so it skips the page's serializer.
        // Nobody keeps it: the next request may well succeed.
        if (answer.body.code !== 200)
          return reply
            .header('cache-control', 'private, no-cache')
            .type('application/json; charset=utf-8')
            .send(JSON.stringify(answer.body))
        // The same for every visitor without a session who names the edition in the URL; the
        // edition a cookie names is the visitor's own (docs/caching.md, "Keys").
        const policy = app.httpCache.personal(request) ? 'personal' : explicitLang(request) ? 'shared' : 'private'
        if (answer.outcome === undefined) {
          // Made for this request (a live list): compressed off the event loop.
          const bytes = Buffer.from(reply.serialize(answer.body) as string, 'utf8')
          if (app.httpCache.validate(request, reply, policy, weakEtag(bytes))) return app.httpCache.notModified(reply)
          return sendCompressed(request, reply, bytes, 'application/json; charset=utf-8')
        }
        // Kept pages come back as the same body object while their parts stay cached: bytes, compressed forms and ETag are made once.
        const body = encodedBodies.get(answer.body, () => reply.serialize(answer.body))
        if (app.httpCache.validate(request, reply, policy, body.etag)) return app.httpCache.notModified(reply)
        return sendEncoded(request, reply, body, 'application/json; charset=utf-8')
      },
    )
  }
  page('/bff/pages/home', HomeQuery, HomeData, (ctx) => app.pages.home(ctx))
  // The list asks the core API the same search the proxied pageList does: an
  // expensive shape of it (a symbol or one-character keyword, a page past 50)
  // counts against the same search budget, and is refused with the same 429.
  page('/bff/pages/reports', ReportsQuery, ReportsData, async (ctx, query, request) => {
    await app.limits.enforce(request, 'search', query)
    return app.pages.reports(ctx, query)
  })
  // A report, bulletin or article renamed since the link was made: the failure keeps
  // its code, and data.movedTo names the new slug for the client to navigate to (docs/staff.md).
  const recordPage = (url: string, data: TObject, kind: ContentKind, build: (ctx: PageContext, query: Query) => Promise<PageAnswer>) =>
    page(url, RecordQuery, data, async (ctx, query) => {
      const answer = await build(ctx, query)
      if (!MISSING_CODES.has(answer.body.code) || typeof query.webTitle !== 'string' || !query.webTitle) return answer
      const movedTo = await app.ssr.moved.lookup(ctx.lang, query.webTitle, kind)
      return movedTo ? { ...answer, body: { ...answer.body, data: { movedTo } } } : answer
    })
  recordPage('/bff/pages/report', ReportData, 'report', (ctx, query) => app.pages.report(ctx, query))
  page('/bff/pages/bulletins', BulletinsQuery, BulletinsData, (ctx, query) => app.pages.bulletins(ctx, query))
  recordPage('/bff/pages/bulletin', BulletinData, 'bulletin', (ctx, query) => app.pages.bulletin(ctx, query))
  page('/bff/pages/news', NewsQuery, NewsData, (ctx, query) => app.pages.news(ctx, query))
  recordPage('/bff/pages/article', ArticleData, 'news', (ctx, query) => app.pages.article(ctx, query))
}
