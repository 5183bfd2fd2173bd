import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { AppError, catalogue } from '../../http/envelope.ts'
import { editionOf, type Lang } from '../../http/locale.ts'
import { sendCompressed, sendEncoded, weakEtag } from '../../lib/encoded-body.ts'
import { HOLDING_PAGE } from './holding-page.ts'
import searchRoutes from './search.ts'

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000
/** Files Vite copies from public/ to the root of dist (favicon.ico, robots.txt): plain names only */
const ROOT_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*\.[A-Za-z0-9]+$/
const RESERVED = /^\/(api|bff|staff-api)(\/|$)/
const OPS_PAGE = /^(\/en)?\/ops\/?$/i

/** The edition's language on the page itself, for screen readers and search engines. */
function withLang(html: string, lang: Lang): string {
  return html.replace(/<html([^>]*?)\slang="[^"]*"/i, `<html$1 lang="${lang}"`)
}

/**
 * A page's answer when the visitor has spent a budget its URL counts against
 * (unknown paths, expensive report searches): a page, not the API's envelope,
 * in the edition's language, and never indexed.
 */
function tooManyRequestsPage(lang: Lang): string {
  const message = catalogue.TOO_MANY_REQUESTS[lang]
  const home = lang === 'en-US' ? '/en' : '/'
  const back = lang === 'en-US' ? 'Back to the home page' : '返回首页'
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>429 · ${message}</title></head>
<body><main><h1>${message}</h1><p><a href="${home}">${back}</a></p></main></body></html>`
}

/**
 * Serves the client Vite built: hashed assets cached for a year as immutable,
 * the bare index.html never cached (a new build must reach every visitor at
 * once), and every other page path answered with index.html: server-rendered
 * for public pages when the server build exists (kept by browsers and shared
 * caches for HTTP_MAX_AGE_S at most), as the bare shell otherwise.
 */
const SHELL_RECHECK_MS = 1000

export default async function clientRoutes(app: FastifyInstance) {
  const dist = app.config.CLIENT_DIST_DIR
  await app.register(fastifyStatic, {
    root: path.join(dist, 'assets'),
    prefix: '/assets/',
    // Hashed names change with their content, so a cached copy is never wrong.
    maxAge: ONE_YEAR_MS,
    immutable: true,
    index: false,
    // The client build writes each script and stylesheet also as .br and .gz
    // (client/vite.config.ts): sent as they are, never compressed per request.
    preCompressed: true,
  })

  // A rebuilt client replaces index.html under a running BFF: it is read again
  // when its mtime changes, looked at no more than once a second. Reading it
  // for every page was a third of a server render's file system work.
  const shellFile = path.join(dist, 'index.html')
  let shell: { text: string; mtimeMs: number; checkedAt: number } | undefined
  async function indexHtml(): Promise<string> {
    const now = Date.now()
    if (shell && now - shell.checkedAt < SHELL_RECHECK_MS) return shell.text
    const info = await stat(shellFile).catch(() => null)
    if (!info?.isFile()) {
      shell = undefined
      return HOLDING_PAGE
    }
    if (shell?.mtimeMs === info.mtimeMs) {
      shell.checkedAt = now
      return shell.text
    }
    try {
      shell = { text: await readFile(shellFile, 'utf8'), mtimeMs: info.mtimeMs, checkedAt: now }
      return shell.text
    } catch {
      shell = undefined
      return HOLDING_PAGE
    }
  }

  await app.register(searchRoutes)

  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/'
    if (RESERVED.test(pathname) || pathname.startsWith('/assets/')) return reply.callNotFound()
    const name = pathname.slice(1)
    if (ROOT_FILE.test(name) && name !== 'index.html') {
      const file = path.join(dist, name)
      const found = await stat(file).then(
        (s) => s.isFile(),
        () => false,
      )
      // A missing file must stay a 404: answering index.html would hand scripts HTML.
      if (!found) return reply.callNotFound()
      return reply.sendFile(name, dist, { maxAge: 3600 * 1000, immutable: false })
    }
    const lang = editionOf(pathname)
    const cookieSet = app.session.setLocale(request, reply, lang)
    // The ops page is linked from nowhere and must not be indexed if found (robots.txt would only advertise it).
    if (OPS_PAGE.test(pathname)) reply.header('x-robots-tag', 'noindex, nofollow')
    const shell = await indexHtml()
    // Public pages are rendered here for crawlers and a fast first paint; the rest get the client's shell.
    let page
    try {
      page = shell === HOLDING_PAGE ? null : await app.ssr.render(request, shell)
    } catch (error) {
      if (!(error instanceof AppError) || error.key !== 'TOO_MANY_REQUESTS') throw error
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value)
      reply.outcomeCode = error.code
      return reply.status(error.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(tooManyRequestsPage(lang))
    }
    if (page?.location) {
      // An old report slug: permanent, but checked again (a slug may move once more).
      return reply.header('cache-control', 'no-cache').redirect(page.location, 301)
    }
    if (page) {
      if (page.cacheable) reply.header('x-cache', page.cached ? 'HIT' : 'MISS')
      reply.status(page.status)
      // A rendered page is the same for every visitor of its path without a session, unless it sets
      // the edition's cookie or names the request's own host (no SITE_URL): docs/caching.md.
      const policy = app.httpCache.personal(request) ? 'personal' : cookieSet || !app.config.SITE_URL ? 'private' : 'shared'
      // The same for every anonymous visitor but for the cookie: a page file (plugins/app/page-files.ts), which
      // goes with a purge of what it shows.
      if (policy === 'shared' || (policy === 'private' && app.config.SITE_URL)) app.pageFiles?.offer(request, page.tags)
      if (page.body) {
        if (app.httpCache.validate(request, reply, policy, page.body.etag)) return app.httpCache.notModified(reply)
        return sendEncoded(request, reply, page.body, 'text/html; charset=utf-8')
      }
      // A page rendered for this request: its UTF-8 bytes made once, for the ETag and the answer.
      const bytes = Buffer.from(page.html, 'utf8')
      if (app.httpCache.validate(request, reply, policy, weakEtag(bytes))) return app.httpCache.notModified(reply)
      return sendCompressed(request, reply, bytes, 'text/html; charset=utf-8')
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(withLang(shell, lang))
  })
}
