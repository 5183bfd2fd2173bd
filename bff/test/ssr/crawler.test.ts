import { readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../src/paths.ts'
import { buildBff } from '../helpers/build-app.ts'
import { startCore, type CoreProcess } from '../helpers/core-process.ts'
import { buildClient } from './client-build.ts'

// Every public route fetched as a crawler does (no JavaScript, one GET),
// against the real core API loaded with the fixtures and a fresh client build.

const SITE = 'https://www.example.test'

let core: CoreProcess
let bff: FastifyInstance

interface Fixture {
  webTitle: string
  lang?: string
  title?: string
  zh?: { title: string }
  en?: { title: string }
}
const fixture = (name: string): Fixture[] => JSON.parse(readFileSync(path.join(repoRoot, 'fixtures', 'content', `${name}.json`), 'utf8'))
const reports = fixture('reports')
const bulletins = fixture('bulletins')
const news = fixture('news')

beforeAll(async () => {
  const [build, started] = await Promise.all([buildClient(), startCore()])
  core = started
  bff = await buildBff({
    CORE_API_URL: core.url,
    CLIENT_DIST_DIR: build.dist,
    SITE_URL: SITE,
    SITEMAP_URLS_PER_FILE: 100,
    OPS_TOKEN: 'ops-secret',
  })
})

afterAll(async () => {
  await bff?.close()
  await core?.stop()
})

interface Page {
  status: number
  html: string
  lang: string | undefined
  title: string | undefined
  description: string | undefined
  canonical: string | undefined
  hreflang: Record<string, string>
  jsonLd: Array<Record<string, any>>
  root: string
  headers: Record<string, unknown>
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

async function crawl(url: string): Promise<Page> {
  const res = await bff.inject({ url, headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })
  const html = res.body
  const attr = (re: RegExp) => {
    const m = re.exec(html)
    return m ? decode(m[1]!) : undefined
  }
  const hreflang: Record<string, string> = {}
  for (const m of html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)) hreflang[m[1]!] = decode(m[2]!)
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))
  const root = /<div id="root">([\s\S]*)<\/div>\s*<script id="rpt-ssr-state"/.exec(html)?.[1] ?? ''
  return {
    status: res.statusCode,
    html,
    lang: attr(/<html[^>]*\slang="([^"]+)"/),
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)">/),
    canonical: attr(/<link rel="canonical" href="([^"]+)">/),
    hreflang,
    jsonLd,
    root,
    headers: res.headers,
  }
}

const text = (html: string) => decode(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ')
const ldOf = (page: Page, type: string) => page.jsonLd.find((d) => d['@type'] === type)

function expectIndexable(page: Page, url: string, lang: string, canonical: string) {
  expect(page.status, url).toBe(200)
  expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
  expect(page.lang, url).toBe(lang)
  expect(page.canonical, url).toBe(canonical)
  expect(page.description, url).toBeTruthy()
  expect(ldOf(page, 'BreadcrumbList'), url).toBeTruthy()
  expect(page.html, url).toContain('<meta property="og:title"')
  expect(page.html, url).toContain(`<meta property="og:url" content="${canonical}">`)
  // Complete in place: no boundary left pending or handed to the client.
  expect(page.root, url).not.toMatch(/<!--\$[?!]-->|<template id="B:/)
}

describe('public routes without JavaScript', () => {
  it('renders the home page in each edition with its title, content, alternates and breadcrumb', async () => {
    const zh = await crawl('/')
    expectIndexable(zh, '/', 'zh-CN', `${SITE}/`)
    expect(zh.title).toContain('恒智研究')
    expect(zh.hreflang).toEqual({ 'zh-CN': `${SITE}/`, 'en-US': `${SITE}/en`, 'x-default': `${SITE}/` })
    const hot = reports.find((r) => text(zh.root).includes(r.zh!.title))
    expect(hot, 'a report title in the home page markup').toBeTruthy()

    const en = await crawl('/en')
    expectIndexable(en, '/en', 'en-US', `${SITE}/en`)
    expect(en.title).toContain('Hengzhi Research')
    expect(en.hreflang['zh-CN']).toBe(`${SITE}/`)
  })

  it('renders a report with a Product offering every edition × licence, in both languages', async () => {
    const report = reports[0]!
    for (const [prefix, lang, title] of [
      ['', 'zh-CN', report.zh!.title],
      ['/en', 'en-US', report.en!.title],
    ] as const) {
      const url = `${prefix}/reports/${report.webTitle}`
      const page = await crawl(url)
      expectIndexable(page, url, lang, `${SITE}${url}`)
      expect(page.title?.startsWith(title), url).toBe(true)
      expect(text(page.root)).toContain(title)
      expect(page.hreflang).toMatchObject({
        'zh-CN': `${SITE}/reports/${report.webTitle}`,
        'en-US': `${SITE}/en/reports/${report.webTitle}`,
      })
      const product = ldOf(page, 'Product')!
      expect(product.name).toBe(title)
      expect(product.offers).toHaveLength(6)
      for (const offer of product.offers) {
        expect(offer['@type']).toBe('Offer')
        expect(offer.price).toBeGreaterThan(0)
        expect(offer.priceCurrency).toBe(lang === 'zh-CN' ? 'CNY' : 'USD')
      }
      const crumbs = ldOf(page, 'BreadcrumbList')!.itemListElement
      expect(crumbs.at(-1).name).toBe(title)
    }
  })

  it('renders news with a NewsArticle and offers no other edition for an article that has none', async () => {
    const article = news.find((n) => n.lang === 'en-US')!
    const url = `/en/news/${article.webTitle}`
    const page = await crawl(url)
    expectIndexable(page, url, 'en-US', `${SITE}${url}`)
    expect(page.title).toContain(article.title)
    expect(text(page.root)).toContain(article.title)
    const ld = ldOf(page, 'NewsArticle')!
    expect(ld.headline).toBe(article.title)
    expect(ld.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(page.hreflang).toEqual({})
  })

  it('renders a bulletin, with alternates when it exists in both editions', async () => {
    const zhTitles = new Set(bulletins.filter((b) => b.lang === 'zh-CN').map((b) => b.webTitle))
    const shared = bulletins.find((b) => b.lang === 'en-US' && zhTitles.has(b.webTitle))!
    const url = `/en/bulletin/bulletin-detail/${shared.webTitle}`
    const page = await crawl(url)
    expectIndexable(page, url, 'en-US', `${SITE}${url}`)
    expect(text(page.root)).toContain(shared.title)
    expect(page.hreflang).toMatchObject({ 'zh-CN': `${SITE}/bulletin/bulletin-detail/${shared.webTitle}`, 'en-US': `${SITE}${url}` })
    expect(ldOf(page, 'Article')?.headline).toBe(shared.title)
  })

  it('renders the lists, the market, about and contact pages with their content', async () => {
    const cases: Array<[string, string, string]> = [
      ['/report-industries', 'zh-CN', reports.map((r) => r.zh!.title).find(Boolean)!],
      ['/en/report-industries/all/battery', 'en-US', ''],
      ['/bulletin', 'zh-CN', ''],
      ['/news-categories', 'zh-CN', ''],
      ['/en/news-categories', 'en-US', ''],
      ['/market', 'zh-CN', ''],
      ['/about', 'zh-CN', '公司简介'],
      ['/en/link', 'en-US', 'Research Method'],
      ['/aboutUs/orderingProcess', 'zh-CN', '订购流程'],
      ['/contactUs', 'zh-CN', ''],
    ]
    for (const [url, lang, expected] of cases) {
      const page = await crawl(url)
      const canonical = url === '/aboutUs/orderingProcess' ? `${SITE}/order` : `${SITE}${url}`
      expectIndexable(page, url, lang, canonical)
      expect(page.root.length, url).toBeGreaterThan(2000)
      expect(page.root, url).toContain('<h1')
      if (expected) expect(text(page.root), url).toContain(expected)
      expect(Object.keys(page.hreflang).sort(), url).toEqual(['en-US', 'x-default', 'zh-CN'])
    }
    // Filters and sort orders the payload cannot name still render; their canonical is the unfiltered list.
    const sorted = await crawl('/report-industries?sort=price-asc&price=15001')
    expect(sorted.status).toBe(200)
    expect(sorted.canonical).toBe(`${SITE}/report-industries`)
    const sortedState = JSON.parse(/<script id="rpt-ssr-state" type="application\/json">([\s\S]*?)<\/script>/.exec(sorted.html)![1]!)
    const listKey = Object.keys(sortedState.fallback).find((key) => key.includes('researchReport/pageList'))!
    expect(listKey).toContain('price-asc')
    const prices = sortedState.fallback[listKey].pageList.list.map((r: { price: number }) => r.price)
    expect(prices.length).toBeGreaterThan(1)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    // A list page's rows are in the markup, not loaded afterwards.
    const list = await crawl('/news-categories')
    const latest = news.filter((n) => n.lang === 'zh-CN')
    expect(latest.some((n) => text(list.root).includes(n.title!))).toBe(true)
  })

  it('embeds the payload the page was rendered with, safely', async () => {
    const page = await crawl(`/reports/${reports[0]!.webTitle}`)
    const state = /<script id="rpt-ssr-state" type="application\/json">([\s\S]*?)<\/script>/.exec(page.html)![1]!
    expect(state).not.toMatch(/<\/script/i)
    const parsed = JSON.parse(state)
    expect(Object.keys(parsed.fallback).some((key) => key.includes('researchReport/form'))).toBe(true)
  })

  it('answers 404 with the rendered 404 page for unknown routes and missing records', async () => {
    const urls = [
      '/no-such-page',
      '/en/no/such/page',
      '/reports/no-such-report',
      // 不存在: a Chinese slug arrives percent-encoded.
      '/reports/%E4%B8%8D%E5%AD%98%E5%9C%A8',
      '/en/news/no-such-article',
      '/bulletin/bulletin-detail/no-such-bulletin',
      // Parameters the core API rejects (webTitle over 200 characters, pageNo past 10,000) name nothing either.
      `/reports/${'a'.repeat(201)}`,
      '/report-industries?page=10001',
    ]
    for (const url of urls) {
      const page = await crawl(url)
      expect(page.status, url).toBe(404)
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(page.html, url).toContain('<meta name="robots" content="noindex">')
      expect(page.root, url).toContain('404')
      expect(page.root, url).toContain(url.startsWith('/en') ? 'Page not found' : '页面')
      expect(page.root, url).not.toContain('aria-busy="true"')
    }
  })

  it('reads the query string whole, a second "?" included, as the browser does', async () => {
    const page = await crawl('/report-industries?from=a?b&sort=price-asc')
    expect(page.status).toBe(200)
    const state = JSON.parse(/<script id="rpt-ssr-state" type="application\/json">([\s\S]*?)<\/script>/.exec(page.html)![1]!)
    const listKey = Object.keys(state.fallback).find((key) => key.includes('researchReport/pageList'))!
    expect(listKey).toContain('price-asc')
  })

  it("sends the header's search, submitted without script, to the list the hydrated form opens", async () => {
    const cases: Array<[string, string]> = [
      ['/search?type=reports&keyword=%E9%94%82%E7%94%B5', '/report-industries/all/%E9%94%82%E7%94%B5'],
      ['/search?type=news&keyword=+ai+', '/news-categories/all/all/ai'],
      ['/search?type=bulletin&keyword=%E9%94%82%E7%94%B5', '/bulletin/bulletin-think-tank/all/all/%E9%94%82%E7%94%B5'],
      // English offers no bulletins: its first type, as the form's.
      ['/en/search?type=bulletin&keyword=battery', '/en/report-industries/all/battery'],
      ['/en/search?type=news&keyword=', '/en/news-categories'],
      // Tolerant of what a hand-made URL sends: no fields, repeated ones, an unknown type, a keyword past the field's 100.
      ['/search', '/report-industries'],
      ['/search?keyword=a&keyword=b&type=nonsense', '/report-industries/all/a'],
      [`/search?keyword=${'x'.repeat(150)}`, `/report-industries/all/${'x'.repeat(100)}`],
    ]
    for (const [url, location] of cases) {
      const res = await bff.inject({ url })
      expect(res.statusCode, url).toBe(303)
      expect(res.headers.location, url).toBe(location)
      expect(res.headers['cache-control'], url).toBe('no-store')
    }
    // And the list it leads to is the search, rendered.
    const list = await crawl('/report-industries/all/%E9%94%82%E7%94%B5')
    expect(list.status).toBe(200)
    expect(list.root).toContain('锂电')
  })

  it('leaves the personal centre to the client', async () => {
    const res = await bff.inject({ url: '/personalCenter/myInfo' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<div id="root"></div>')
    expect(res.body).not.toContain('rpt-ssr-state')
    // Painted by the client: its stylesheet stays linked, its scripts at their usual priority.
    expect(res.body).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-[^"]+\.css">/)
    expect(res.body).not.toContain('fetchpriority')
  })

  it('sends each page with everything it needs to paint: its screen’s styles inline, its chunks preloaded', async () => {
    const report = reports[0]!
    const cases: Array<[string, string, RegExp]> = [
      ['/', 'home-page', /\.slide\{/],
      [`/en/reports/${report.webTitle}`, 'report-detail-page', /\.price-table\{/],
      ['/about', 'about', /\.about-layout\{/],
      ['/contactUs', 'about', /\.about-layout\{/],
      ['/bulletin', 'bulletins', /\{/],
      ['/no-such-page', '', /\.container\{/],
    ]
    for (const [url, css, rule] of cases) {
      const page = await crawl(url)
      const head = page.html.slice(0, page.html.indexOf('</head>'))
      // Nothing the first paint waits for: no stylesheet to fetch, scripts at low priority.
      expect(head, url).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)[^>]*>/)
      expect(head, url).toMatch(rule)
      if (css) expect(head, url).toMatch(new RegExp(`<link rel="stylesheet" crossorigin href="/assets/${css}-[\\w-]+\\.css" disabled>`))
      for (const tag of head.match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? [])
        expect(tag, url).toContain('fetchpriority="low"')
    }
    const home = (await crawl('/')).html
    expect(home).toMatch(/<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/home-page-[\w-]+\.js">/)
    // A modal the home page opens on demand is not preloaded.
    expect(home).not.toContain('custom-request-modal')
    // Only the edition's own messages.
    expect(home).toMatch(/<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/zh-CN-[\w-]+\.js">/)
    expect(home).not.toMatch(/en-US-[\w-]+\.js/)
    expect((await crawl('/en')).html).toMatch(
      /<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/en-US-[\w-]+\.js">/,
    )
  })

  it('keeps a rendered report page briefly and forgets it on a cache purge', async () => {
    const url = `/en/reports/${reports[1]!.webTitle}`
    await bff.inject({ url })
    const second = await bff.inject({ url })
    expect(second.headers['x-cache']).toBe('HIT')
    const zh = await bff.inject({ url: `/reports/${reports[1]!.webTitle}` })
    expect(zh.body).toContain('lang="zh-CN"')
    const purge = await bff.inject({
      method: 'POST',
      url: '/bff/cache/purge',
      headers: { 'x-ops-token': 'ops-secret' },
      payload: { cache: 'hotReports' },
    })
    expect(purge.statusCode).toBe(200)
    const third = await bff.inject({ url })
    expect(third.headers['x-cache']).toBe('MISS')
    expect(third.body).toBe(second.body)
  })

  it('forgets the rendered pages and sitemaps of one report on an ops purge of it, and keeps the others', async () => {
    const purged = reports.find((r) => !(r as { hot?: boolean }).hot && r.webTitle !== reports[1]!.webTitle)!
    const kept = reports.filter((r) => !(r as { hot?: boolean }).hot && r.webTitle !== purged.webTitle)[3]!
    const pages = [`/reports/${purged.webTitle}`, `/en/reports/${purged.webTitle}`]
    const others = [`/reports/${kept.webTitle}`, '/sitemaps/zh-pages.xml']
    for (const url of [...pages, ...others, '/sitemaps/zh-reports-1.xml', '/sitemaps/zh-reports-2.xml']) await bff.inject({ url })
    for (const url of [...pages, ...others]) expect((await bff.inject({ url })).headers['x-cache'], url).toBe('HIT')
    const res = await bff.inject({
      method: 'POST',
      url: '/bff/ops/purge',
      headers: { 'x-ops-token': 'ops-secret' },
      payload: { report: purged.webTitle },
    })
    expect(res.statusCode).toBe(200)
    // The core API told which ids the report has in each edition.
    expect(JSON.parse(res.body).data.tags.filter((tag: string) => tag.startsWith('report-id:'))).toHaveLength(2)
    for (const url of pages) expect((await bff.inject({ url })).headers['x-cache'], url).toBe('MISS')
    for (const url of others) expect((await bff.inject({ url })).headers['x-cache'], url).toBe('HIT')
    // Of the report sitemaps, only the one listing it is built again.
    const sitemapStates = [
      (await bff.inject({ url: '/sitemaps/zh-reports-1.xml' })).headers['x-cache'],
      (await bff.inject({ url: '/sitemaps/zh-reports-2.xml' })).headers['x-cache'],
    ]
    expect(sitemapStates.sort()).toEqual(['HIT', 'MISS'])
  })

  it('serves a report page from one cache entry whatever its query string', async () => {
    const url = `/reports/${reports[3]!.webTitle}`
    const first = await bff.inject({ url })
    expect(first.statusCode).toBe(200)
    expect(first.headers['x-cache']).toBe('MISS')
    for (const query of ['?utm_source=a', '?r=1', '?r=2']) {
      const res = await bff.inject({ url: `${url}${query}` })
      expect(res.headers['x-cache'], query).toBe('HIT')
      expect(res.body, query).toBe(first.body)
    }
  })

  it('answers a cached report page compressed as asked, with the same page inside', async () => {
    const url = `/reports/${reports[2]!.webTitle}`
    const plain = await bff.inject({ url })
    expect(plain.statusCode).toBe(200)
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      // Twice: the first hit compresses, the second reuses those bytes.
      for (let i = 0; i < 2; i += 1) {
        const res = await bff.inject({ url, headers: { 'accept-encoding': encoding } })
        expect(res.headers['x-cache']).toBe('HIT')
        expect(res.headers['content-encoding']).toBe(encoding)
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
        expect(res.headers.vary).toContain('accept-encoding')
        expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body)
      }
    }
    const identity = await bff.inject({ url, headers: { 'accept-encoding': 'identity' } })
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.body).toBe(plain.body)
  })
  it('answers a page rendered for the request alone compressed as asked, with the same page inside', async () => {
    // A list page is rendered for every request (only report pages are kept).
    const url = '/en/report-industries'
    const plain = await bff.inject({ url })
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['x-cache']).toBeUndefined()
    expect(plain.body).toContain('application/ld+json')
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await bff.inject({ url, headers: { 'accept-encoding': `${encoding}, identity;q=0.5` } })
      expect(res.headers['content-encoding']).toBe(encoding)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers.vary).toContain('accept-encoding')
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body)
    }
    const refused = await bff.inject({ url, headers: { 'accept-encoding': 'br', 'x-no-compression': '1' } })
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.body).toBe(plain.body)
  })
})

describe('robots.txt and sitemaps', () => {
  it("lets browsers and shared caches keep a rendered page for a visitor of its edition, with an ETag and 304; never a page setting the edition cookie, nor a session's", async () => {
    const shared = 'public, max-age=10, stale-while-revalidate=20'
    for (const url of [`/en/reports/${reports[4]!.webTitle}`, '/en/report-industries']) {
      // A first visit sets the edition's cookie: that answer is the visitor's own.
      const first = await bff.inject({ url })
      expect(first.headers['set-cookie'], url).toBeDefined()
      expect(first.headers['cache-control'], url).toBe('private, no-cache')
      const returning = await bff.inject({ url, headers: { cookie: 'locale=en-US', 'accept-encoding': 'gzip' } })
      expect(returning.headers['set-cookie'], url).toBeUndefined()
      expect(returning.headers['cache-control'], url).toBe(shared)
      const etag = returning.headers.etag as string
      expect(etag, url).toMatch(/^W\/"/)
      expect(first.headers.etag, url).toBe(etag)
      const again = await bff.inject({ url, headers: { cookie: 'locale=en-US', 'if-none-match': etag } })
      expect(again.statusCode, url).toBe(304)
      expect(again.body, url).toBe('')
      expect(again.headers['cache-control'], url).toBe(shared)
      // Coming from the other edition switches the cookie, so the answer is private again.
      expect((await bff.inject({ url, headers: { cookie: 'locale=zh-CN' } })).headers['cache-control'], url).toBe('private, no-cache')
      const session = await bff.inject({ url, headers: { cookie: 'locale=en-US; rpt_session=abc', 'if-none-match': etag } })
      expect(session.statusCode, url).not.toBe(304)
      expect(session.headers['cache-control'], url).toBe('private, no-store')
      expect(session.headers.etag, url).toBeUndefined()
    }
  })

  it('points crawlers at the sitemap and away from private paths', async () => {
    const res = await bff.inject({ url: '/robots.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.body).toContain(`Sitemap: ${SITE}/sitemap.xml`)
    expect(res.body).toContain('Disallow: /personalCenter/')
  })

  it('lists every report, bulletin and news article of the fixtures through the index', async () => {
    const index = await bff.inject({ url: '/sitemap.xml' })
    expect(index.statusCode).toBe(200)
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(index.body).toContain('<sitemapindex')
    const children = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
    // 120 reports per edition in files of 100: two files each.
    expect(children).toContain(`${SITE}/sitemaps/zh-reports-2.xml`)
    expect(children).not.toContain(`${SITE}/sitemaps/zh-reports-3.xml`)
    const urls = new Set<string>()
    for (const child of children) {
      const res = await bff.inject({ url: child.slice(SITE.length) })
      expect(res.statusCode, child).toBe(200)
      expect(res.body).toContain('<urlset')
      for (const m of res.body.matchAll(/<loc>([^<]+)<\/loc>/g)) urls.add(m[1]!.replace(/&amp;/g, '&'))
    }
    for (const r of reports) {
      expect(urls.has(`${SITE}/reports/${r.webTitle}`), r.webTitle).toBe(true)
      expect(urls.has(`${SITE}/en/reports/${r.webTitle}`), r.webTitle).toBe(true)
    }
    for (const b of bulletins)
      expect(urls.has(`${SITE}${b.lang === 'en-US' ? '/en' : ''}/bulletin/bulletin-detail/${b.webTitle}`), b.webTitle).toBe(true)
    for (const n of news) expect(urls.has(`${SITE}${n.lang === 'en-US' ? '/en' : ''}/news/${n.webTitle}`), n.webTitle).toBe(true)
    expect(urls.has(`${SITE}/en/contactUs`)).toBe(true)
  })

  it('answers 404 for a child past the end of a catalogue', async () => {
    expect((await bff.inject({ url: '/sitemaps/zh-reports-9.xml' })).statusCode).toBe(404)
    expect((await bff.inject({ url: '/sitemaps/xx-reports-1.xml' })).statusCode).toBe(400)
  })
})
