import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { CALLS } from '@rpt/contract'
import fp from 'fastify-plugin'
import { errorBody, ok, statusFor, type ErrorKey } from '../../http/envelope.ts'
import type { Lang } from '../../http/locale.ts'
import type { CacheName } from '../../lib/cache-names.ts'
import type { CacheOutcome } from '../../lib/swr-cache.ts'
import { UpstreamError, type CoreAnswer, type CoreCall, type CoreEnvelope } from '../../upstream/core-client.ts'

export interface PageAnswer {
  status: number
  body: CoreEnvelope
  /** Set when every part came through a cache: the worst of their outcomes */
  outcome?: CacheOutcome
}

export interface PageContext {
  lang: Lang
  /** The visitor's session token; only uncached parts ever carry it */
  token?: string
}

type Params = Record<string, unknown>

export interface Pages {
  home(ctx: PageContext): Promise<PageAnswer>
  reports(ctx: PageContext, query: Params): Promise<PageAnswer>
  report(ctx: PageContext, query: Params): Promise<PageAnswer>
  bulletins(ctx: PageContext, query: Params): Promise<PageAnswer>
  bulletin(ctx: PageContext, query: Params): Promise<PageAnswer>
  news(ctx: PageContext, query: Params): Promise<PageAnswer>
  article(ctx: PageContext, query: Params): Promise<PageAnswer>
}

declare module 'fastify' {
  interface FastifyInstance {
    pages: Pages
  }
}

interface Part {
  load(): Promise<{ answer: CoreAnswer; outcome?: CacheOutcome; freshUntil?: number }>
  /** A required part's failure is the page's answer; an optional part's failure leaves it null. */
  required?: boolean
}

/** The configuration keys of the footer and header, per edition; unknown keys are simply left out by the core API. */
export function layoutConfigKeys(lang: Lang): string {
  const p = lang === 'en-US' ? 'en' : 'cn'
  return [
    'contact.phone',
    'contact.mobile',
    'contact.intl',
    'contact.email',
    'contact.address',
    'footer.icp',
    'footer.icpUrl',
    'footer.police',
    'footer.policeUrl',
    'footer.copyright',
    'site.name',
    'site.description',
  ]
    .map((key) => `${p}.${key}`)
    .join(',')
}

const OUTCOME_RANK: Record<CacheOutcome, number> = { HIT: 0, MISS: 1, STALE: 2 }

/** The last page composed from cached parts only: the part answers it was built from, and the answer. */
interface Composed {
  parts: unknown[]
  answer: PageAnswer
  /** While every part was a HIT: the earliest time one of them goes stale. 0 otherwise. */
  freshUntil: number
  /** The caches' generation it was built in (Caches.generation) */
  generation: number
}

/** Pages kept by key, and what tells whether one may still be answered as it is. */
interface PageMemo {
  entries: Map<string, Composed>
  generation(): number
  /** The longest a page is kept, whatever its parts' freshness */
  keepMs: number
  /** A page answered as it was kept (HIT), or composed from its parts (MISS) */
  onOutcome(outcome: 'HIT' | 'MISS'): void
}

/**
 * With a store shared by several instances, another one may empty it and the
 * message saying so may never arrive (a reconnect): a kept page then asks the
 * store again after this long at most.
 */
const SHARED_STORE_KEEP_MS = 1000

/**
 * Pages built from cached parts alone (home) are answered many times from the
 * same cache entries. While every part is the very object it was last time,
 * the page is the same too: answering that same body object lets the route
 * reuse its serialized and compressed bytes instead of building them per request.
 */
function reuse(
  memo: PageMemo | undefined,
  key: string | undefined,
  settled: PromiseSettledResult<{ answer: CoreAnswer; outcome?: CacheOutcome }>[],
): PageAnswer | undefined {
  if (!memo || key === undefined) return undefined
  const last = memo.entries.get(key)
  if (!last || last.parts.length !== settled.length) return undefined
  let outcome: CacheOutcome = 'HIT'
  for (let i = 0; i < settled.length; i++) {
    const result = settled[i]!
    if (result.status !== 'fulfilled' || result.value.outcome === undefined || result.value.answer !== last.parts[i]) return undefined
    if (OUTCOME_RANK[result.value.outcome] > OUTCOME_RANK[outcome]) outcome = result.value.outcome
  }
  return { status: last.answer.status, body: last.answer.body, outcome }
}

/**
 * While every part of a kept page is still fresh and no cache was purged, the
 * page is answered as it is, with no lookup per part: its parts need not be
 * asked for again before they go stale. That is most home requests, and with
 * Redis it saves a round trip per part. (A part evicted and loaded again
 * meanwhile shows once the kept page goes stale: no later than the entry it
 * replaced would have.)
 */
function stillFresh(memo: PageMemo | undefined, key: string | undefined): PageAnswer | undefined {
  if (!memo || key === undefined) return undefined
  const last = memo.entries.get(key)
  if (!last) return undefined
  if (last.generation !== memo.generation() || Date.now() >= last.freshUntil) return undefined
  memo.onOutcome('HIT')
  return { status: last.answer.status, body: last.answer.body, outcome: 'HIT' }
}

async function compose(
  log: FastifyBaseLogger,
  lang: Lang,
  parts: Record<string, Part>,
  memo?: PageMemo,
  memoKey?: string,
): Promise<PageAnswer> {
  const fresh = stillFresh(memo, memoKey)
  if (fresh) return fresh
  memo?.onOutcome('MISS')
  const generation = memo?.generation()
  const names = Object.keys(parts)
  const settled = await Promise.allSettled(names.map((name) => parts[name]!.load()))
  const reused = reuse(memo, memoKey, settled)
  const answer = reused ?? assemble(log, lang, names, parts, settled)
  if (memo && memoKey !== undefined) {
    if (answer.outcome !== undefined && answer.status === 200) {
      let freshUntil = Date.now() + memo.keepMs
      for (const result of settled) {
        const { outcome, freshUntil: until } = (result as PromiseFulfilledResult<{ outcome?: CacheOutcome; freshUntil?: number }>).value
        freshUntil = outcome === 'HIT' && until !== undefined ? Math.min(freshUntil, until) : 0
        if (freshUntil === 0) break
      }
      const kept: Composed = {
        parts: settled.map((result) => (result as PromiseFulfilledResult<{ answer: CoreAnswer }>).value.answer),
        answer: { status: answer.status, body: answer.body },
        freshUntil,
        // As it was before the parts were read: a purge since then makes the page out of date.
        generation: generation!,
      }
      memo.entries.set(memoKey, kept)
    } else {
      memo.entries.delete(memoKey)
    }
  }
  return answer
}

function assemble(
  log: FastifyBaseLogger,
  lang: Lang,
  names: string[],
  parts: Record<string, Part>,
  settled: PromiseSettledResult<{ answer: CoreAnswer; outcome?: CacheOutcome }>[],
): PageAnswer {
  const data: Record<string, unknown> = {}
  let outcome: CacheOutcome | undefined = 'HIT'
  let firstFailure: PageAnswer | undefined
  let requiredFailure: PageAnswer | undefined
  let succeeded = 0
  names.forEach((name, index) => {
    const result = settled[index]!
    const required = parts[name]!.required === true
    let partFailure: PageAnswer | undefined
    if (result.status === 'fulfilled') {
      const { answer, outcome: partOutcome } = result.value
      if (partOutcome === undefined) outcome = undefined
      else if (outcome !== undefined && OUTCOME_RANK[partOutcome] > OUTCOME_RANK[outcome]) outcome = partOutcome
      if (answer.body.code === 200) {
        data[name] = answer.body.data
        succeeded += 1
        return
      }
      partFailure = { status: answer.status, body: answer.body }
    } else {
      outcome = undefined
      const reason: unknown = result.reason
      const upstream = reason instanceof UpstreamError
      if (!upstream) log.error({ err: reason, part: name }, 'page part failed')
      const key: ErrorKey = upstream ? reason.key : 'SYSTEM_EXCEPTION'
      // A page payload is on the contract's paths: its failures come with HTTP 200 and their code.
      partFailure = { status: statusFor(key, '/bff/pages/'), body: errorBody(key, lang) }
    }
    data[name] = null
    firstFailure ??= partFailure
    if (required) requiredFailure ??= partFailure
  })
  if (requiredFailure) return requiredFailure
  if (succeeded === 0 && firstFailure) return firstFailure
  return { status: 200, body: ok(lang, data), ...(outcome ? { outcome } : {}) }
}

function pick(query: Params, fields: string[]): Params {
  const picked: Params = {}
  for (const field of fields) if (query[field] !== undefined && query[field] !== '') picked[field] = query[field]
  return picked
}

async function pagesPlugin(app: FastifyInstance) {
  const cached = (name: CacheName, call: Omit<CoreCall, 'token' | 'lang'>, lang: Lang): Part => {
    // Callers must not change a call once made: the caches key it by identity.
    const full = { ...call, lang }
    return {
      load: async () => {
        const { value, outcome, freshUntil } = await app.caches.fetch(name, full)
        return { answer: value, outcome, freshUntil }
      },
    }
  }
  const live = (call: Omit<CoreCall, 'token' | 'lang'>, ctx: PageContext, required = true): Part => ({
    required,
    load: async () => ({ answer: await app.core.call({ ...call, lang: ctx.lang, token: ctx.token }) }),
  })
  /** A list page's list: its page, keyword and market, then the filters of its own kind. */
  const listOf = (path: string, query: Params, filters: string[], ctx: PageContext) =>
    live({ method: 'POST', path, params: pick(query, ['pageNo', 'pageSize', 'keyword', 'marketType', ...filters]) }, ctx)
  /** A detail page's record, by its web title or id. */
  const recordOf = (path: string, query: Params, ctx: PageContext) =>
    live({ method: 'GET', path, params: pick(query, ['webTitle', 'id']) }, ctx)
  // The core API answers some fields twice (its names and the legacy ones)
  // or blocks the page takes from other calls: a page carries what it shows
  // once, not twice in every rendered page. The trimmed answer is made once
  // per cached answer, so a kept page still gets the same part objects.
  const trimmed = (part: Part, drop: readonly string[]): Part => {
    const made = new WeakMap<CoreAnswer, CoreAnswer>()
    return {
      ...part,
      load: async () => {
        const loaded = await part.load()
        const { answer } = loaded
        const data = answer.body.data
        if (answer.body.code !== 200 || !data || typeof data !== 'object' || Array.isArray(data)) return loaded
        let trim = made.get(answer)
        if (!trim) {
          const kept = Object.fromEntries(Object.entries(data as Record<string, unknown>).filter(([key]) => !drop.includes(key)))
          trim = { ...answer, body: { ...answer.body, data: kept } }
          made.set(answer, trim)
        }
        return { ...loaded, answer: trim }
      },
    }
  }
  // The English edition's dictionaries are the same types suffixed _en.
  const menu = (dictType: string, lang: Lang) =>
    cached(
      'dict',
      { method: 'POST', path: CALLS.dict.listData.path, params: { dictType: lang === 'en-US' ? `${dictType}_en` : dictType } },
      lang,
    )
  const layout = (lang: Lang): Record<string, Part> => ({
    footer: cached('config', { method: 'GET', path: CALLS.config.findListByKeys.path, params: { keys: layoutConfigKeys(lang) } }, lang),
    reportMenu: menu('reports_category', lang),
    newsMenu: menu('market_type', lang),
  })
  const hotReports = (lang: Lang) => cached('hotReports', { method: 'GET', path: CALLS.researchReport.hotReports.path }, lang)
  const choiceness = (lang: Lang) => cached('choiceness', { method: 'GET', path: CALLS.researchBriefReport.choicenessReports.path }, lang)
  const latestNews = (lang: Lang) => cached('latestNews', { method: 'GET', path: CALLS.marketInfo.topList.path }, lang)

  // Keyed by page and language: a handful of entries, each replaced when its parts change.
  const composed: PageMemo = {
    entries: new Map(),
    generation: () => app.caches.generation(),
    keepMs: app.caches.shared ? SHARED_STORE_KEEP_MS : Infinity,
    onOutcome: (outcome) => app.metrics.cacheEvents.inc({ cache: 'page', result: outcome }),
  }
  // The home page has no parameters but the language: its parts are made once per language.
  const homeParts = new Map<Lang, Record<string, Part>>()
  const homePartsOf = (lang: Lang) => {
    let parts = homeParts.get(lang)
    if (!parts) {
      parts = {
        carousel: cached('carousel', { method: 'GET', path: CALLS.carousel.listData.path }, lang),
        hotReports: hotReports(lang),
        categories: cached('categories', { method: 'POST', path: CALLS.researchReport.categoryList.path }, lang),
        mapData: trimmed(cached('map', { method: 'GET', path: CALLS.home.mapData.path }, lang), ['report', 'market']),
        latestNews: latestNews(lang),
        choiceness: choiceness(lang),
        ...layout(lang),
      }
      homeParts.set(lang, parts)
    }
    return parts
  }
  /** A page with parameters: its own parts, made for each request, and the layout's. */
  const page =
    (parts: (ctx: PageContext, query: Params) => Record<string, Part>) =>
    (ctx: PageContext, query: Params): Promise<PageAnswer> =>
      compose(app.log, ctx.lang, { ...parts(ctx, query), ...layout(ctx.lang) })
  const pages: Pages = {
    home: ({ lang }) => compose(app.log, lang, homePartsOf(lang), composed, `home|${lang}`),
    reports: page((ctx, query) => ({
      list: listOf(CALLS.researchReport.pageList.path, query, ['price', 'publishDate', 'reportRegion'], ctx),
      hotReports: hotReports(ctx.lang),
    })),
    report: page((ctx, query) => ({
      report: trimmed(recordOf(CALLS.researchReport.form.path, query, ctx), ['contextHtml', 'directoryHtml', 'reportScopeHtml']),
      // The staff's SEO title and description for the page's head: a platform call of their own, the
      // legacy detail answering as before. Optional: without it the head is made from the report.
      ...(typeof query.webTitle === 'string' && query.webTitle
        ? { seo: live({ method: 'GET', path: CALLS.content.seo.path, params: { kind: 'report', slug: query.webTitle } }, ctx, false) }
        : {}),
      hotReports: hotReports(ctx.lang),
    })),
    bulletins: page((ctx, query) => ({
      list: listOf(CALLS.researchBriefReport.pageList.path, query, ['topLabelId'], ctx),
      categories: cached('categories', { method: 'POST', path: CALLS.researchBriefReport.categoryList.path }, ctx.lang),
      labels: cached(
        'categories',
        { method: 'POST', path: CALLS.researchBriefReport.categoryPage.path, params: pick(query, ['marketType', 'keyword']) },
        ctx.lang,
      ),
      choiceness: choiceness(ctx.lang),
    })),
    bulletin: page((ctx, query) => ({
      bulletin: recordOf(CALLS.researchBriefReport.form.path, query, ctx),
      choiceness: choiceness(ctx.lang),
    })),
    news: page((ctx, query) => ({
      list: listOf(CALLS.marketInfo.pageList.path, query, ['marketCategory'], ctx),
      categories: cached('categories', { method: 'POST', path: CALLS.marketInfo.categoryList.path }, ctx.lang),
      latestNews: latestNews(ctx.lang),
    })),
    article: page((ctx, query) => ({ article: recordOf(CALLS.marketInfo.detailList.path, query, ctx), latestNews: latestNews(ctx.lang) })),
  }
  app.decorate('pages', pages)
}

export default fp(pagesPlugin, { name: 'pages', dependencies: ['caches', 'core-client', 'metrics'] })
