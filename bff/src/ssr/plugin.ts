import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ContentKind } from '@rpt/contract'
import fp from 'fastify-plugin'
import { LRUCache } from 'lru-cache'
import { clearCounting } from '../lib/cache-store.ts'
import { EncodedBody } from '../lib/encoded-body.ts'
import {
  carouselTag,
  collectionTag,
  COLLECTIONS,
  configTags,
  dictTags,
  langTag,
  reportTag,
  reportTags,
  urlTag,
  type Collection,
} from '../lib/content-tags.ts'
import { layoutConfigKeys } from '../plugins/app/pages.ts'
import { withPageAssets } from './assets.ts'
import { pageTemplate, withoutClient, type PageParts } from './page-template.ts'
import { assertBundleMatches, bundleLoader, missingBundleWarning, type LoadedBundle, type RenderPlan } from './bundle.ts'
import type { Lang } from '../http/locale.ts'
import { TextCache } from './html-cache.ts'
import { recordPath } from './sitemap.ts'
import { loadPageData, loadPreviewData, type PageData } from './page-data.ts'
import { MOVED_KIND_OF_PAGE, movedContent, movedPath, type MovedContent } from './moved-content.ts'

export interface RenderedPage {
  status: 200 | 301 | 404
  html: string
  /** With 301: where an old report, bulletin or news slug moved to (ssr/moved-content.ts) */
  location?: string
  /** Whether the page came from the rendered-page cache */
  cached: boolean
  /** For a cached page: its bytes, compressed once for every request that reads it while it stays cached */
  body?: EncodedBody
  /** The page is one the rendered-page cache keeps (x-cache: HIT or MISS) */
  cacheable?: boolean
  /** What the page shows, for purges by tag (lib/content-tags.ts) */
  tags?: string[]
}

/** Where each kind's public page is (its sitemap collection's path) and the client's screen there. */
const PREVIEW_PAGES: Record<ContentKind, { collection: Collection; screen: string }> = {
  report: { collection: 'reports', screen: 'reportDetail' },
  bulletin: { collection: 'bulletins', screen: 'bulletinDetail' },
  news: { collection: 'news', screen: 'newsDetail' },
}

/** The dictionaries of the header's menus, on every page. */
const LAYOUT_DICTS = ['reports_category', 'market_type', 'bulletin_type']

/** The collections each page lists from (a report page shows hot and recommended reports; home shows every kind). */
const PAGE_COLLECTIONS: Record<string, readonly Collection[]> = {
  home: COLLECTIONS,
  reports: ['reports'],
  report: ['reports'],
  bulletins: ['bulletins'],
  bulletin: ['bulletins'],
  news: ['news'],
  article: ['news'],
}

/** What a rendered page shows: its language and path, the reports on it, the collections it lists, the dictionaries of its menus, its footer's configuration and home's carousel. */
function pageTags(plan: RenderPlan, pathname: string, payload: Record<string, unknown>): string[] {
  const webTitle = plan.page?.query.webTitle
  return [
    langTag(plan.locale),
    urlTag(pathname),
    ...(PAGE_COLLECTIONS[plan.page?.name ?? ''] ?? []).map(collectionTag),
    ...(typeof webTitle === 'string' && webTitle ? [reportTag(webTitle)] : []),
    ...reportTags(payload.report),
    ...reportTags(payload.hotReports),
    ...LAYOUT_DICTS.flatMap((type) => dictTags(plan.locale === 'en-US' ? `${type}_en` : type)),
    // The footer's contacts on every page, and the carousel on home.
    ...configTags({ keys: layoutConfigKeys(plan.locale) }),
    ...(plan.page?.name === 'home' ? [carouselTag(plan.locale)] : []),
  ]
}

export interface Ssr {
  /** The server build, or null while there is none */
  bundle(): Promise<LoadedBundle | null>
  /** The public origin: SITE_URL, else the request's own */
  siteUrl(request: FastifyRequest): string
  /**
   * The page for a URL rendered into the client's index.html, or null when
   * it is left to the client (personal centre, no server build, the core API
   * failing, a render error). Throws the limits' 429 AppError when the URL
   * spends a budget that is used up (an unknown path, an expensive search).
   */
  render(request: FastifyRequest, shell: string): Promise<RenderedPage | null>
  /** Rendered pages and sitemaps; emptied with the data caches */
  texts: TextCache
  purge(): Promise<void>
  /** Old report, bulletin and news slugs and where they moved (the pages' 301, the page payload's hint) */
  moved: MovedContent
  /**
   * A draft's preview (a report, bulletin or news article): its public page rendered from the draft's detail,
   * without the client's scripts; null without a server build. seo: a report draft's SEO title and description,
   * as the public page's seo part will give them.
   */
  renderPreview(
    request: FastifyRequest,
    shell: string,
    lang: Lang,
    draft: { kind: ContentKind; detail: Record<string, unknown>; seo?: unknown },
  ): Promise<RenderedPage | null>
}

declare module 'fastify' {
  interface FastifyInstance {
    ssr: Ssr
  }
}

async function ssrPlugin(app: FastifyInstance) {
  const c = app.config
  // A development build in production stops the boot, saying how to rebuild.
  await assertBundleMatches(c.CLIENT_DIST_DIR, c.NODE_ENV)
  const missing = await missingBundleWarning(c.CLIENT_DIST_DIR, c.NODE_ENV)
  if (missing) app.log.warn(missing)
  const loadBundle = bundleLoader(c.CLIENT_DIST_DIR, c.NODE_ENV)
  // Lifetimes and bounds are ops settings: read when used, bounds applied when changed.
  const settings = app.settings
  // Rendered pages and sitemaps live where the data caches do, behind the same interface (CacheStore).
  const texts = new TextCache(app.caches.store('ssr'))
  const rendering = new Map<string, Promise<RenderedPage | null>>()
  // Compressing a report page (some 45 KB) on every request halves what a
  // cached page can serve; its compressed forms are kept beside it instead.
  // Each is tied to the exact html it was made from, so a page rendered again
  // after a purge gets new bytes. Bounded by a quarter of the caches' bytes.
  const newEncodedPages = (values: typeof settings.values) =>
    new LRUCache<string, EncodedBody>({
      max: values.CACHE_MAX_ENTRIES,
      maxSize: Math.max(1024 * 1024, Math.floor(values.CACHE_MAX_BYTES / 4)),
      // The identity text is the cache's own string; the compressed forms come to about a fifth of it each.
      sizeCalculation: (body, key) => Math.max(1, Math.ceil(body.byteLength / 2) + key.length),
      ttl: Math.max(1, values.SSR_CACHE_TTL_MS),
    })
  let encodedPages = newEncodedPages(settings.values)
  settings.onChange((values, previous) => {
    // Derived bytes only: made again from the pages on their next request.
    if (
      values.CACHE_MAX_ENTRIES !== previous.CACHE_MAX_ENTRIES ||
      values.CACHE_MAX_BYTES !== previous.CACHE_MAX_BYTES ||
      values.SSR_CACHE_TTL_MS !== previous.SSR_CACHE_TTL_MS
    ) {
      encodedPages = newEncodedPages(values)
    }
  })
  const encodedPage = (key: string, html: string): EncodedBody => {
    const known = encodedPages.get(key)
    if (known && known.identity === html) return known
    const body = new EncodedBody(html)
    encodedPages.set(key, body)
    return body
  }

  // Rendered pages and sitemaps are made of the data the caches hold: a purge
  // of data empties the pages made of it, here and on every instance (purge.ts).
  const shared = app.caches.shared
  app.purger.register('pages', async (target, origin) => {
    if (target.kind === 'all') encodedPages.clear()
    if (shared && origin === 'elsewhere') return 0
    switch (target.kind) {
      case 'all':
        return clearCounting(texts)
      case 'cache':
        // ssr: rendered pages; sitemap: sitemaps; a data cache: the pages made of its data.
        return clearCounting(texts, target.cache === 'sitemap' ? 'sitemap:' : 'page:')
      case 'keys': {
        // Page paths (/reports/x, /sitemaps/zh-reports-1.xml) by their url tag, or exact keys.
        const paths = target.keys.filter((key) => key.startsWith('/'))
        const keys = target.keys.filter((key) => key.startsWith('page:') || key.startsWith('sitemap:'))
        return (await texts.clearTags(paths.map(urlTag))) + (await texts.delete(keys))
      }
      case 'tags':
        return texts.clearTags(target.tags)
    }
  })

  const moved = movedContent(app)
  const siteUrl = (request: FastifyRequest) => c.SITE_URL || `${request.protocol}://${request.host}`
  if (!c.SITE_URL && c.NODE_ENV === 'production') {
    app.log.warn(
      'SITE_URL is not set: canonical URLs, sitemaps and robots.txt name whatever host each request gives; set it to the public origin',
    )
  }

  // index.html with a screen's assets in place (assets.ts), as a template: the
  // same for every page of a screen and language until the build or the shell
  // changes. The assets only rewrite the shell's own head tags, never the title,
  // head tags or markup a page brings, so they can go in before those do.
  type Template = { shell: string; fill: (parts: PageParts) => string }
  const templates = new WeakMap<LoadedBundle, Map<string, Template>>()
  const templateFor = (loaded: LoadedBundle, shell: string, screen: string, locale: string) => {
    let forBuild = templates.get(loaded)
    if (!forBuild) templates.set(loaded, (forBuild = new Map<string, Template>()))
    const key = `${screen}\n${locale}`
    const known = forBuild.get(key)
    if (known && known.shell === shell) return known.fill
    const fill = pageTemplate(withPageAssets(shell, loaded.pageAssets(screen, locale), loaded.client))
    forBuild.set(key, { shell, fill })
    return fill
  }

  async function renderPlan(
    request: FastifyRequest,
    loaded: LoadedBundle,
    plan: RenderPlan,
    pathname: string,
    search: string,
    shell: string,
    preview?: PageData,
  ): Promise<RenderedPage | null> {
    const { bundle } = loaded
    const data = preview ?? (await loadPageData(app, plan))
    if (data.kind === 'failed') {
      request.log.warn(
        { code: data.answer.body.code, status: data.answer.status },
        'page payload failed; serving the client-rendered shell',
      )
      return null
    }
    const movedKind = MOVED_KIND_OF_PAGE[plan.page?.name ?? '']
    const webTitle = plan.page?.query.webTitle
    if (data.kind === 'missing' && movedKind && typeof webTitle === 'string' && webTitle) {
      // A report, bulletin or article renamed since the link was made: 301 to its new slug on the same route.
      const slug = await moved.lookup(plan.locale, webTitle, movedKind)
      if (slug) return { status: 301, html: '', cached: false, location: movedPath(pathname, search, slug) }
    }
    const notFound = data.kind === 'missing' || plan.resolved.route.screen === 'notFound'
    const state = { fallback: bundle.buildFallback(plan, data.payload), ...(notFound ? { notFound: pathname } : {}) }
    const appHtml = await bundle.render({ pathname, search, state, timeoutMs: c.SSR_RENDER_TIMEOUT_MS })
    const head = bundle.buildHead({
      plan,
      payload: data.payload,
      siteUrl: siteUrl(request),
      notFound,
      ...(data.kind === 'ok' && data.alternates ? { alternates: data.alternates } : {}),
    })
    const html = templateFor(
      loaded,
      shell,
      notFound ? 'notFound' : plan.resolved.route.screen,
      plan.locale,
    )({
      lang: plan.locale,
      title: head.title,
      headTags: head.tags,
      appHtml,
      // A preview is the page as rendered, without the client: its address is no route of the client's.
      stateScript: preview ? '' : bundle.ssrStateScript(state),
    })
    if (preview) return { status: 200, html: withoutClient(html), cached: false }
    return { status: notFound ? 404 : 200, html, cached: false, tags: pageTags(plan, pathname, data.payload) }
  }

  const ssr: Ssr = {
    bundle: loadBundle,
    siteUrl,
    texts,
    async render(request, shell) {
      let loaded: LoadedBundle | null
      try {
        loaded = await loadBundle()
      } catch (error) {
        request.log.error({ err: error }, 'server build failed to load')
        return null
      }
      if (!loaded) return null
      // Everything after the first '?', further '?' included, as the browser's location.search holds it.
      const mark = request.url.indexOf('?')
      const pathname = (mark === -1 ? request.url : request.url.slice(0, mark)) || '/'
      const search = mark === -1 ? '' : request.url.slice(mark + 1)
      const plan = loaded.bundle.planRender(pathname, search)
      if (!plan.page) return null
      if (plan.resolved.route.screen === 'notFound') await app.limits.enforce(request, 'notFound')
      // The report list runs the search the proxied pageList does: its expensive shapes share that budget.
      if (plan.page.name === 'reports') await app.limits.enforce(request, 'search', plan.page.query)

      // Report pages are the hot, crawlable ones: kept briefly per language (the path carries it) and build.
      // Keyed on the path alone: nothing in a report page reads the query, and
      // tracking parameters (?utm_source=…) must not each force a render.
      const ttlMs = settings.values.SSR_CACHE_TTL_MS
      const cacheable = plan.resolved.route.screen === 'reportDetail' && ttlMs > 0
      const key = cacheable
        ? `page:${loaded.version}:${createHash('sha1').update(shell).digest('base64url')}:${siteUrl(request)}${pathname}`
        : ''
      if (cacheable) {
        const hit = await texts.get(key, ttlMs)
        app.metrics.cacheEvents.inc({ cache: 'ssr', result: hit === undefined ? 'MISS' : 'HIT' })
        if (hit !== undefined) return { status: 200, html: hit, cached: true, cacheable: true, body: encodedPage(key, hit) }
        // Concurrent misses (a crawler burst) share one render.
        const pending = rendering.get(key)
        if (pending) return pending
      }
      const page = renderPlan(request, loaded, plan, pathname, search, shell).then(
        async (rendered) => {
          if (rendered && cacheable && rendered.status === 200) {
            await texts.set(key, rendered.html, ttlMs, rendered.tags)
            return { ...rendered, cacheable: true }
          }
          return rendered
        },
        (error: unknown) => {
          request.log.error({ err: error, url: request.url }, 'server render failed; serving the client-rendered shell')
          return null
        },
      )
      if (!cacheable) return page
      rendering.set(key, page)
      try {
        return await page
      } finally {
        rendering.delete(key)
      }
    },
    async renderPreview(request, shell, lang, { kind, detail, seo }) {
      const loaded = await loadBundle().catch((error: unknown) => {
        request.log.error({ err: error }, 'server build failed to load')
        return null
      })
      if (!loaded) return null
      // The public address the record will have: the same screen, head and markup (a news detail's record is its vo).
      const record = (kind === 'news' ? detail.vo : detail) as Record<string, unknown> | undefined
      const webTitle = typeof record?.webTitle === 'string' && record.webTitle ? record.webTitle : 'preview'
      const { collection, screen } = PREVIEW_PAGES[kind]
      const pathname = `${lang === 'en-US' ? '/en' : ''}${recordPath(collection, webTitle)}`
      const plan = loaded.bundle.planRender(pathname, '')
      if (plan.resolved.route.screen !== screen) return null
      const data = await loadPreviewData(app, lang, kind, detail, seo)
      return renderPlan(request, loaded, plan, pathname, '', shell, data).catch((error: unknown) => {
        request.log.error({ err: error }, 'preview render failed')
        return null
      })
    },
    purge: async () => {
      encodedPages.clear()
      await texts.clear()
    },
    moved,
  }
  app.decorate('ssr', ssr)
}

export default fp(ssrPlugin, {
  name: 'ssr',
  dependencies: ['config', 'caches', 'pages', 'core-client', 'limits', 'settings', 'purger', 'metrics'],
})
