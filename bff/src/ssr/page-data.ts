import type { FastifyInstance } from 'fastify'
import { CALLS, type ContentKind } from '@rpt/contract'
import type { Lang } from '../http/locale.ts'
import type { CacheName } from '../lib/cache-names.ts'
import { layoutConfigKeys, type PageAnswer, type PageContext } from '../plugins/app/pages.ts'
import type { CoreCall } from '../upstream/core-client.ts'
import type { RenderPlan } from './bundle.ts'

/** The core API's codes for a record that does not exist (a report, anything else). */
const MISSING_CODES = new Set([100005, 404])
/**
 * The core API's answer to parameters it rejects (a webTitle over its length
 * cap, a page number past its last). For the record or list a URL names, that
 * URL can never show anything: it is a 404, not a failure.
 */
const INVALID_PARAMETER = 100001

export type PageData =
  | { kind: 'ok'; payload: Record<string, unknown>; alternates?: Array<{ lang: string; webTitle: string }> }
  | { kind: 'missing'; payload: Record<string, unknown> }
  | { kind: 'failed'; answer: PageAnswer }

const other = (lang: Lang): Lang => (lang === 'zh-CN' ? 'en-US' : 'zh-CN')

/** The same anonymous calls the page payloads make, so the data caches are shared. */
function layoutPayload(app: FastifyInstance, lang: Lang): Record<string, Promise<unknown>> {
  const cached = (name: 'config' | 'dict', call: Omit<CoreCall, 'token' | 'lang'>) =>
    app.caches.fetch(name, { ...call, lang }).then(
      ({ value }) => (value.body.code === 200 ? value.body.data : null),
      () => null,
    )
  const dict = (type: string) =>
    cached('dict', { method: 'POST', path: CALLS.dict.listData.path, params: { dictType: lang === 'en-US' ? `${type}_en` : type } })
  return {
    footer: cached('config', { method: 'GET', path: CALLS.config.findListByKeys.path, params: { keys: layoutConfigKeys(lang) } }),
    reportMenu: dict('reports_category'),
    newsMenu: dict('market_type'),
  }
}

async function settle(parts: Record<string, Promise<unknown>>): Promise<Record<string, unknown>> {
  const entries = Object.entries(parts)
  const values = await Promise.all(entries.map(([, part]) => part))
  return Object.fromEntries(entries.map(([name], index) => [name, values[index]]))
}

/**
 * The aggregated page payload a plan names (the same app.pages the client's
 * /bff/pages/* answers come from), plus the header's bulletin menu, which no
 * payload carries. Rendered anonymously: the output may be cached and shared.
 */
/** The bulletin types of the header's menu: every page shows it, so a failure leaves it out rather than failing the page. */
function bulletinMenuOf(app: FastifyInstance, lang: Lang): Promise<unknown> {
  return app.caches
    .fetch('dict', {
      method: 'POST',
      path: CALLS.dict.listData.path,
      params: { dictType: lang === 'en-US' ? 'bulletin_type_en' : 'bulletin_type' },
      lang,
    })
    .then(
      ({ value }) => (value.body.code === 200 ? value.body.data : null),
      () => null,
    )
}

export async function loadPageData(app: FastifyInstance, plan: RenderPlan): Promise<PageData> {
  const lang: Lang = plan.locale
  const ctx: PageContext = { lang }
  const page = plan.page!
  const q = page.query
  const bulletinMenu = bulletinMenuOf(app, lang)

  // A detail page offers the other edition only where the record exists there too.
  let alternates: Promise<Array<{ lang: string; webTitle: string }> | undefined> = Promise.resolve(undefined)
  const existsIn = (path: string, webTitle: string) =>
    app.core.call({ method: 'GET', path, params: { webTitle }, lang: other(lang) }).then(
      (answer) =>
        answer.status === 200 && answer.body.code === 200
          ? [
              { lang, webTitle },
              { lang: other(lang), webTitle },
            ]
          : undefined,
      () => undefined,
    )

  let answer: Promise<PageAnswer>
  switch (page.name) {
    case 'home':
      answer = app.pages.home(ctx)
      break
    case 'reports': {
      // The payload names the price and year filters as the core API's short forms.
      const { queryPrice, queryPublishDate, sort, ...rest } = q
      answer = app.pages.reports(ctx, {
        ...rest,
        ...(queryPrice ? { price: queryPrice } : {}),
        ...(queryPublishDate ? { publishDate: queryPublishDate } : {}),
      })
      if (sort) {
        // The payload has no sort order: the list comes straight from the core API, as the client would ask for it.
        const sorted = app.core.call({ method: 'POST', path: CALLS.researchReport.pageList.path, params: q, lang }).catch(() => null)
        answer = Promise.all([answer, sorted]).then(([pageAnswer, list]): PageAnswer => {
          if (!list) return { status: 503, body: { code: 503, msg: 'core API unavailable', data: null } }
          if (pageAnswer.body.code !== 200 || list.body.code !== 200) return list.body.code !== 200 ? list : pageAnswer
          return { ...pageAnswer, body: { ...pageAnswer.body, data: { ...(pageAnswer.body.data as object), list: list.body.data } } }
        })
      }
      break
    }
    case 'report':
      if (!q.webTitle) return { kind: 'missing', payload: await settle({ ...layoutPayload(app, lang), bulletinMenu }) }
      answer = app.pages.report(ctx, q)
      break
    case 'bulletins':
      answer = app.pages.bulletins(ctx, q)
      break
    case 'bulletin':
      if (!q.webTitle && !q.id) return { kind: 'missing', payload: await settle({ ...layoutPayload(app, lang), bulletinMenu }) }
      answer = app.pages.bulletin(ctx, q)
      if (q.webTitle) alternates = existsIn(CALLS.researchBriefReport.form.path, String(q.webTitle))
      break
    case 'news':
      answer = app.pages.news(ctx, q)
      break
    case 'article':
      if (!q.webTitle) return { kind: 'missing', payload: await settle({ ...layoutPayload(app, lang), bulletinMenu }) }
      answer = app.pages.article(ctx, q)
      alternates = existsIn(CALLS.marketInfo.detailList.path, String(q.webTitle))
      break
    default: {
      const payload = await settle({ ...layoutPayload(app, lang), bulletinMenu })
      return { kind: 'ok', payload }
    }
  }

  const [result, menu, alts] = await Promise.all([answer, bulletinMenu, alternates])
  if (result.status === 200 && result.body.code === 200) {
    const payload = { ...(result.body.data as Record<string, unknown>), bulletinMenu: menu }
    return { kind: 'ok', payload, ...(alts ? { alternates: alts } : {}) }
  }
  // Every page but home has one required part, its record or list, whose failure is the page's answer.
  const invalidRequest = page.name !== 'home' && (result.body.code === INVALID_PARAMETER || result.status === 400)
  if (MISSING_CODES.has(result.body.code) || result.status === 404 || invalidRequest) {
    return { kind: 'missing', payload: await settle({ ...layoutPayload(app, lang), bulletinMenu: Promise.resolve(menu) }) }
  }
  return { kind: 'failed', answer: result }
}

/** Fields the report detail answers twice (the legacy names): the public page's payload drops them (plugins/app/pages.ts). */
const REPORT_DUPLICATES = ['contextHtml', 'directoryHtml', 'reportScopeHtml']

/** A cached anonymous call's data, as the public page's part has it; null when it fails. */
const cachedData = (app: FastifyInstance, name: CacheName, path: string, lang: Lang): Promise<unknown> =>
  app.caches.fetch(name, { method: 'GET', path, lang }).then(
    ({ value }) => (value.body.code === 200 ? value.body.data : null),
    () => null,
  )

/** Each kind's page payload but the layout: the draft under the part's name the public page gives the record, beside the same lists. */
const PREVIEW_PARTS: Record<
  ContentKind,
  (app: FastifyInstance, lang: Lang, detail: Record<string, unknown>, seo: unknown) => Record<string, Promise<unknown>>
> = {
  report: (app, lang, detail, seo) => ({
    report: Promise.resolve(Object.fromEntries(Object.entries(detail).filter(([key]) => !REPORT_DUPLICATES.includes(key)))),
    seo: Promise.resolve(seo ?? null),
    hotReports: cachedData(app, 'hotReports', CALLS.researchReport.hotReports.path, lang),
  }),
  bulletin: (app, lang, detail) => ({
    bulletin: Promise.resolve(detail),
    choiceness: cachedData(app, 'choiceness', CALLS.researchBriefReport.choicenessReports.path, lang),
  }),
  news: (app, lang, detail) => ({
    article: Promise.resolve(detail),
    latestNews: cachedData(app, 'latestNews', CALLS.marketInfo.topList.path, lang),
  }),
}

/**
 * A detail page's payload for an editor's preview of a draft: the draft's detail (a
 * report, a bulletin, a news article) in place of the public call's answer,
 * and the same lists, menus and footer the public page has, so the preview
 * renders as the page will.
 */
export async function loadPreviewData(
  app: FastifyInstance,
  lang: Lang,
  kind: ContentKind,
  detail: Record<string, unknown>,
  seo: unknown = null,
): Promise<PageData> {
  const payload = await settle({
    ...PREVIEW_PARTS[kind](app, lang, detail, seo),
    ...layoutPayload(app, lang),
    bulletinMenu: bulletinMenuOf(app, lang),
  })
  return { kind: 'ok', payload }
}
