import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { Type, type Static } from 'typebox'
import {
  countOf,
  EDITIONS,
  fileCount,
  fileEntries,
  KINDS,
  lastmodOf,
  localize,
  recordPath,
  sitemapIndex,
  SitemapSourceError,
  STATIC_PATHS,
  urlset,
  type Edition,
  type Kind,
} from '../../ssr/sitemap.ts'
import { collectionTag, COLLECTIONS, langTag, reportTags, urlTag } from '../../lib/content-tags.ts'

const XML = 'application/xml; charset=utf-8'
/** The sitemap index counts every collection's files: publishing anything may add one. */
const INDEX_TAGS = [urlTag('/sitemap.xml'), ...COLLECTIONS.map(collectionTag)]
const SitemapParams = Type.Object({ file: Type.String({ pattern: '^(zh|en)-(pages|reports|bulletins|news)(-[1-9][0-9]{0,5})?\\.xml$' }) })

/** GET /robots.txt, /sitemap.xml (an index) and its children /sitemaps/{edition}-{type}[-{n}].xml. */
export default async function seoRoutes(app: FastifyInstance) {
  const c = app.config
  // An ops setting: read when used.
  const ttlS = () => app.settings.values.SITEMAP_CACHE_TTL_S

  // Concurrent misses of one file (a crawler opening many at once) share one build.
  // tags says what the file lists (the build adds the reports it names), for purges by tag.
  const building = new Map<string, Promise<string | null>>()
  async function cachedText(reply: FastifyReply, key: string, tags: string[], build: () => Promise<string | null>): Promise<string | null> {
    const ttlMs = ttlS() * 1000
    const hit = await app.ssr.texts.get(key, ttlMs)
    app.metrics.cacheEvents.inc({ cache: 'sitemap', result: hit === undefined ? 'MISS' : 'HIT' })
    reply.header('x-cache', hit === undefined ? 'MISS' : 'HIT')
    if (hit !== undefined) return hit
    const pending = building.get(key)
    if (pending) return pending
    const made = build().then(async (text) => {
      if (text !== null) await app.ssr.texts.set(key, text, ttlMs, tags)
      return text
    })
    building.set(key, made)
    try {
      return await made
    } finally {
      building.delete(key)
    }
  }

  // Without SITE_URL these answers name the request's own host, which a
  // forged Host or X-Forwarded-Host header sets: no shared cache may keep them.
  const cacheControl = (maxAge: number) => (c.SITE_URL ? `public, max-age=${maxAge}` : 'private, no-cache')

  function sendXml(reply: FastifyReply, xml: string | null) {
    if (xml === null) return reply.callNotFound()
    return reply
      .type(XML)
      .header('cache-control', cacheControl(Math.min(3600, ttlS())))
      .send(xml)
  }

  async function unavailable(reply: FastifyReply, error: unknown) {
    if (!(error instanceof SitemapSourceError)) throw error
    reply.log.warn({ err: error }, 'sitemap source unavailable')
    return reply.status(503).header('retry-after', '60').type('text/plain; charset=utf-8').send('Sitemap temporarily unavailable\n')
  }

  app.get('/robots.txt', { schema: { response: { 200: Type.String() } } }, async (request, reply) => {
    // A robots.txt shipped with the client build (public/) takes precedence.
    const shipped = await readFile(path.join(c.CLIENT_DIST_DIR, 'robots.txt'), 'utf8').catch(() => null)
    const body =
      shipped ??
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /bff/',
        'Disallow: /personalCenter/',
        'Disallow: /en/personalCenter/',
        '',
        `Sitemap: ${app.ssr.siteUrl(request)}/sitemap.xml`,
        '',
      ].join('\n')
    return reply.type('text/plain; charset=utf-8').header('cache-control', cacheControl(3600)).send(body)
  })

  app.get('/sitemap.xml', { schema: { response: { 200: Type.String() } } }, async (request, reply) => {
    const site = app.ssr.siteUrl(request)
    try {
      const xml = await cachedText(reply, `sitemap:${site}:index`, INDEX_TAGS, async () => {
        const locs: string[] = []
        for (const edition of Object.keys(EDITIONS) as Edition[]) {
          locs.push(`${site}/sitemaps/${edition}-pages.xml`)
          const counts = await Promise.all(KINDS.map((kind) => countOf(app, kind, EDITIONS[edition])))
          KINDS.forEach((kind, index) => {
            const files = fileCount(counts[index]!, c.SITEMAP_URLS_PER_FILE)
            for (let n = 1; n <= files; n += 1) locs.push(`${site}/sitemaps/${edition}-${kind}-${n}.xml`)
          })
        }
        return sitemapIndex(locs)
      })
      return sendXml(reply, xml)
    } catch (error) {
      return unavailable(reply, error)
    }
  })

  app.get<{ Params: Static<typeof SitemapParams> }>(
    '/sitemaps/:file',
    { schema: { params: SitemapParams, response: { 200: Type.String() } } },
    async (request, reply) => {
      const [, editionName, type, number] = /^(zh|en)-(pages|reports|bulletins|news)(?:-(\d+))?\.xml$/.exec(request.params.file)!
      const edition = editionName as Edition
      const lang = EDITIONS[edition]
      const site = app.ssr.siteUrl(request)
      if ((type === 'pages') !== (number === undefined)) return reply.callNotFound()
      try {
        const tags = [urlTag(`/sitemaps/${request.params.file}`), langTag(lang)]
        const xml = await cachedText(reply, `sitemap:${site}:${request.params.file}`, tags, async () => {
          if (type === 'pages') return urlset(STATIC_PATHS.map((p) => ({ loc: `${site}${localize(lang, p)}` })))
          const kind = type as Kind
          const items = await fileEntries(app, kind, lang, Number(number), c.SITEMAP_URLS_PER_FILE)
          if (items.length === 0) return null
          tags.push(collectionTag(kind))
          if (kind === 'reports') tags.push(...reportTags(items))
          return urlset(
            items.map((item) => ({ loc: `${site}${localize(lang, recordPath(kind, item.webTitle!))}`, lastmod: lastmodOf(item) })),
          )
        })
        return sendXml(reply, xml)
      } catch (error) {
        return unavailable(reply, error)
      }
    },
  )
}
