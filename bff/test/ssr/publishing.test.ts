import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../src/paths.ts'
import { body, buildBff } from '../helpers/build-app.ts'
import { startCore, type CoreProcess } from '../helpers/core-process.ts'
import { envelope, startStubCore, type StubCore } from '../helpers/stub-core.ts'
import { buildClient } from './client-build.ts'

// Old slugs (301), SEO heads and previews, rendered by the real server build
// from the real core API's reports. The publishing calls (/content/redirect,
// /content/seo, /content/preview) are answered in front of it, as the core
// API answers them.

const SITE = 'https://www.example.test'
const reports: Array<{ webTitle: string }> = JSON.parse(readFileSync(path.join(repoRoot, 'fixtures', 'content', 'reports.json'), 'utf8'))
const renamed = reports[0]!.webTitle
/** A report whose staff set an SEO title and description (only in English); the others have none. */
const withSeo = reports[1]!.webTitle
const bulletins: Array<{ webTitle: string; lang: string }> = JSON.parse(
  readFileSync(path.join(repoRoot, 'fixtures', 'content', 'bulletins.json'), 'utf8'),
)
const news: Array<{ webTitle: string; lang: string }> = JSON.parse(
  readFileSync(path.join(repoRoot, 'fixtures', 'content', 'news.json'), 'utf8'),
)
const slugIn = (records: Array<{ webTitle: string; lang: string }>, lang: string) => records.find((r) => r.lang === lang)!.webTitle
/** The current slug each kind's old slug ("old-<kind>") moved to, by language. */
const MOVED: Record<string, Record<string, string>> = {
  bulletin: { 'zh-CN': slugIn(bulletins, 'zh-CN'), 'en-US': slugIn(bulletins, 'en-US') },
  news: { 'zh-CN': slugIn(news, 'zh-CN'), 'en-US': slugIn(news, 'en-US') },
}
const SEO = { seoTitle: 'Battery "Outlook" 2027 | Example', seoDescription: 'Size, <share> & forecast of the market.' }

let core: CoreProcess
let front: StubCore
let bff: FastifyInstance

async function coreDetail(lang: string, path = `/report/researchReport/form?webTitle=${renamed}`): Promise<Record<string, unknown>> {
  const res = await fetch(`${core.url}${path}&lang=${lang}`)
  return ((await res.json()) as { data: Record<string, unknown> }).data
}

beforeAll(async () => {
  const [build, started] = await Promise.all([buildClient(), startCore()])
  core = started
  const zh = await coreDetail('zh-CN')
  const en = await coreDetail('en-US')
  const bulletin = await coreDetail('en-US', `/report/researchBriefReport/form?webTitle=${MOVED.bulletin!['en-US']}`)
  const article = await coreDetail('zh-CN', `/report/marketInfo/detailList?webTitle=${MOVED.news!['zh-CN']}`)
  front = await startStubCore((app) => {
    app.get('/content/redirect', async (request, reply) => {
      const { slug, kind, lang } = request.query as { slug: string; kind: string; lang: string }
      if (kind === 'report' && (slug === 'old-slug' || slug === '旧的')) return envelope({ slug: renamed })
      if (slug === `old-${kind}` && MOVED[kind]) return envelope({ slug: MOVED[kind][lang] })
      return reply.status(404).send(envelope(null, 300102, 'no redirect'))
    })
    app.get('/content/seo', async (request) => {
      const { slug, lang } = request.query as { slug: string; lang: string }
      return envelope(slug === withSeo && lang === 'en-US' ? SEO : { seoTitle: '', seoDescription: '' })
    })
    app.get('/content/preview/:token', async (request, reply) => {
      const { token } = request.params as { token: string }
      if (token === 'same') return envelope({ kind: 'report', lang: 'zh-CN', detail: zh })
      if (token === 'draft') return envelope({ kind: 'report', lang: 'en-US', detail: { ...en, title: 'Draft title 7Q2' } })
      if (token === 'seo') return envelope({ kind: 'report', lang: 'en-US', detail: en, seo: SEO })
      if (token === 'bulletin') return envelope({ kind: 'bulletin', lang: 'en-US', detail: { ...bulletin, title: 'Draft bulletin 3X9' } })
      if (token === 'news') return envelope({ kind: 'news', lang: 'zh-CN', detail: article })
      return reply.status(410).send(envelope(null, 300107, 'expired'))
    })
    // Everything else is the real core API's.
    app.all('/*', async (request, reply) => {
      const res = await fetch(`${core.url}${request.url}`, {
        method: request.method,
        headers: { 'content-type': String(request.headers['content-type'] ?? 'application/json') },
        ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { body: typeof request.body === 'string' ? request.body : '' }),
      })
      return reply
        .status(res.status)
        .type(res.headers.get('content-type') ?? 'application/json')
        .send(await res.text())
    })
  })
  bff = await buildBff({ CORE_API_URL: front.url, CLIENT_DIST_DIR: build.dist, SITE_URL: SITE })
}, 240_000)

afterAll(async () => {
  await bff?.close()
  await front?.close()
  await core?.stop()
})

const lookups = () => front.seen.filter((s) => s.url.startsWith('/content/redirect')).length
const root = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*(<script|<\/body>)/.exec(html)?.[1] ?? ''

describe('old slugs', () => {
  it('answer 301 to the same route with the new slug, the query kept', async () => {
    const zh = await bff.inject({ url: '/reports/old-slug' })
    expect(zh.statusCode).toBe(301)
    expect(zh.headers.location).toBe(`/reports/${renamed}`)
    const en = await bff.inject({ url: '/en/reports/old-slug?utm_source=x' })
    expect(en.statusCode).toBe(301)
    expect(en.headers.location).toBe(`/en/reports/${renamed}?utm_source=x`)
    const encoded = await bff.inject({ url: `/reports/${encodeURIComponent('旧的')}` })
    expect(encoded.statusCode).toBe(301)
    expect(front.seen.some((s) => s.url.includes('kind=report') && s.url.includes('lang=en-US'))).toBe(true)
  })

  it('leave a slug that never moved a 404, and ask about it once', async () => {
    const first = await bff.inject({ url: '/reports/never-was' })
    expect(first.statusCode).toBe(404)
    const asked = lookups()
    expect((await bff.inject({ url: '/reports/never-was' })).statusCode).toBe(404)
    expect(lookups()).toBe(asked)
  })

  it('never ask about a report that exists', async () => {
    const before = lookups()
    expect((await bff.inject({ url: `/reports/${renamed}` })).statusCode).toBe(200)
    expect(lookups()).toBe(before)
  })

  it('give the page payload a hint the client can follow', async () => {
    const res = await bff.inject({ url: '/bff/pages/report?webTitle=old-slug&lang=en-US' })
    expect(body(res).code).not.toBe(200)
    expect(body(res).data).toEqual({ movedTo: renamed })
    const missing = await bff.inject({ url: '/bff/pages/report?webTitle=never-was&lang=en-US' })
    expect(body(missing).data).toBeNull()
  })
})

describe('old bulletin and news slugs', () => {
  const pages = { bulletin: '/bulletin/bulletin-detail/', news: '/news/' } as const
  for (const [kind, base] of Object.entries(pages)) {
    it(`answer 301 to the ${kind}'s new slug on both editions, and ask about the kind`, async () => {
      const zh = await bff.inject({ url: `${base}old-${kind}` })
      expect(zh.statusCode).toBe(301)
      expect(zh.headers.location).toBe(`${base}${MOVED[kind]!['zh-CN']}`)
      expect(zh.headers['cache-control']).toBe('no-cache')
      const en = await bff.inject({ url: `/en${base}old-${kind}?utm_source=x` })
      expect(en.statusCode).toBe(301)
      expect(en.headers.location).toBe(`/en${base}${MOVED[kind]!['en-US']}?utm_source=x`)
      expect(front.seen.some((s) => s.url.startsWith('/content/redirect') && s.url.includes(`kind=${kind}`))).toBe(true)
      // The new address is the published page.
      expect((await bff.inject({ url: en.headers.location as string })).statusCode).toBe(200)
    })
  }

  it('leave a slug that never moved a 404, never ask about one that exists, and hint the client', async () => {
    expect((await bff.inject({ url: '/news/never-was' })).statusCode).toBe(404)
    expect((await bff.inject({ url: '/en/bulletin/bulletin-detail/never-was' })).statusCode).toBe(404)
    const before = lookups()
    expect((await bff.inject({ url: `/news/${MOVED.news!['zh-CN']}` })).statusCode).toBe(200)
    expect((await bff.inject({ url: `/bulletin/bulletin-detail/${MOVED.bulletin!['zh-CN']}` })).statusCode).toBe(200)
    expect(lookups()).toBe(before)
    const hint = await bff.inject({ url: '/bff/pages/bulletin?webTitle=old-bulletin&lang=en-US' })
    expect(body(hint).data).toEqual({ movedTo: MOVED.bulletin!['en-US'] })
    expect(body(await bff.inject({ url: '/bff/pages/article?webTitle=old-news&lang=zh-CN' })).data).toEqual({
      movedTo: MOVED.news!['zh-CN'],
    })
  })
})

describe('SEO title and description', () => {
  const head = (html: string) => html.slice(0, html.indexOf('</head>'))
  const meta = (html: string, attribute: string) => new RegExp(`<meta ${attribute}="([^"]*)">`).exec(head(html))?.[1]

  it("make the report page's title, description and Open Graph tags when set", async () => {
    const res = await bff.inject({ url: `/en/reports/${withSeo}` })
    expect(res.statusCode).toBe(200)
    expect(head(res.body)).toContain('<title>Battery &quot;Outlook&quot; 2027 | Example</title>')
    expect(meta(res.body, 'property="og:title" content')).toBe('Battery &quot;Outlook&quot; 2027 | Example')
    expect(meta(res.body, 'name="description" content')).toBe('Size, &lt;share&gt; &amp; forecast of the market.')
    expect(meta(res.body, 'property="og:description" content')).toBe('Size, &lt;share&gt; &amp; forecast of the market.')
    expect(front.seen.some((s) => s.url.startsWith('/content/seo') && s.url.includes('lang=en-US'))).toBe(true)
    // The page payload the client reads carries them too, under its own name.
    const payload = body(await bff.inject({ url: `/bff/pages/report?webTitle=${withSeo}&lang=en-US` }))
    expect(payload.data.seo).toEqual(SEO)
    expect(payload.data.report).not.toHaveProperty('seoTitle')
  })

  it("leave the head made from the report's title and summary where none is set", async () => {
    const zh = await bff.inject({ url: `/reports/${withSeo}` })
    const title = /<title>([^<]*)<\/title>/.exec(zh.body)?.[1] ?? ''
    expect(title).not.toContain('Outlook')
    expect(title).toContain(' - ')
    expect(meta(zh.body, 'name="description" content')).not.toContain('forecast of the market')
    expect(meta(zh.body, 'name="description" content')?.length).toBeGreaterThan(0)
  })

  it('make a preview’s head as its page will have it', async () => {
    const preview = await bff.inject({ url: '/preview/seo' })
    expect(preview.statusCode).toBe(200)
    expect(head(preview.body)).toContain('<title>Battery &quot;Outlook&quot; 2027 | Example</title>')
    expect(meta(preview.body, 'name="description" content')).toBe('Size, &lt;share&gt; &amp; forecast of the market.')
  })
})

describe('previews', () => {
  /** A preview's answer, whatever it shows: never indexed, never stored. */
  const expectUnlisted = (res: { statusCode: number; headers: Record<string, unknown> }, status: number) => {
    expect(res.statusCode).toBe(status)
    expect(res.headers['x-robots-tag']).toBe('noindex')
    expect(res.headers['cache-control']).toBe('no-store')
  }

  it('render the report page as the public page renders it, noindex and never stored', async () => {
    const preview = await bff.inject({ url: '/preview/same' })
    expectUnlisted(preview, 200)
    expect(preview.headers['x-cache']).toBeUndefined()
    expect(preview.body).toContain('<meta name="robots" content="noindex">')
    // Static: no client to take over an address that is no route of its own.
    expect(preview.body).not.toMatch(/<script[^>]*type="module"/)
    const published = await bff.inject({ url: `/reports/${renamed}` })
    expect(root(preview.body).length).toBeGreaterThan(1000)
    expect(root(preview.body)).toBe(root(published.body))
  })

  it("render the draft's own content in its edition", async () => {
    const preview = await bff.inject({ url: '/preview/draft' })
    expect(preview.statusCode).toBe(200)
    expect(preview.body).toContain('<html lang="en-US"')
    expect(preview.body).toContain('Draft title 7Q2')
    // Said so across its top, in the draft's language, outside the page itself.
    expect(preview.body).toMatch(/<body[^>]*><div role="note" lang="en-US"[^>]*>Preview: this page is not published/)
    expect(root(preview.body)).not.toContain('Preview: this page is not published')
    // Nothing of it is kept: the public page is not the draft.
    const published = await bff.inject({ url: `/en/reports/${renamed}` })
    expect(published.body).not.toContain('Draft title 7Q2')
  })

  it('render a bulletin or news draft as its public page renders it, noindex and never stored', async () => {
    const draft = await bff.inject({ url: '/en/preview/bulletin' })
    expectUnlisted(draft, 200)
    expect(draft.body).toContain('<meta name="robots" content="noindex">')
    expect(draft.body).toContain('<html lang="en-US"')
    expect(root(draft.body)).toContain('Draft bulletin 3X9')
    expect(draft.body).not.toMatch(/<script[^>]*type="module"/)
    expect((await bff.inject({ url: `/en/bulletin/bulletin-detail/${MOVED.bulletin!['en-US']}` })).body).not.toContain('Draft bulletin 3X9')

    const article = await bff.inject({ url: '/preview/news' })
    expectUnlisted(article, 200)
    expect(article.body).toContain('<html lang="zh-CN"')
    const published = await bff.inject({ url: `/news/${MOVED.news!['zh-CN']}` })
    expect(root(article.body).length).toBeGreaterThan(1000)
    expect(root(article.body)).toBe(root(published.body))
  })

  it('answer an invalid or expired link with a 410 page in the visitor’s language', async () => {
    const zh = await bff.inject({ url: '/preview/expired' })
    expectUnlisted(zh, 410)
    expect(zh.body).toContain('预览链接无效或已过期')
    const en = await bff.inject({ url: '/preview/expired', headers: { cookie: 'locale=en-US' } })
    expect(en.body).toContain('This preview link is invalid or has expired.')
    expect((await bff.inject({ url: `/preview/${'%3C'.repeat(3)}` })).statusCode).toBe(404)
    // An English draft's link is under /en, as its public page.
    expect((await bff.inject({ url: '/en/preview/expired' })).statusCode).toBe(410)
  })
})
