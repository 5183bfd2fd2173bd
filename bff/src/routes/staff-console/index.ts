import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { HOLDING_PAGE } from '../client/holding-page.ts'

const SHELL_RECHECK_MS = 1000
const NOINDEX_META = '<meta name="robots" content="noindex">'

/** The shell with the robots meta in its head (once), for crawlers that read the page rather than its headers. */
export function withNoindex(html: string): string {
  if (/<meta\s+name="robots"/i.test(html)) return html.replace(/<meta\s+name="robots"[^>]*>/i, NOINDEX_META)
  const head = html.search(/<\/head>/i)
  return head === -1 ? `${NOINDEX_META}${html}` : `${html.slice(0, head)}${NOINDEX_META}\n  ${html.slice(head)}`
}

/**
 * The staff console (issue 34) at /staff: the client's own index.html, left
 * to the client to render (it picks the console from location.pathname). Never
 * server-rendered, cached, indexed or listed in a sitemap: the console is
 * one person's, and its pages say nothing to search engines.
 */
export default async function staffConsoleRoutes(app: FastifyInstance) {
  const shellFile = path.join(app.config.CLIENT_DIST_DIR, 'index.html')
  // Read again when a rebuild changes it, looked at no more than once a second (as routes/client does).
  let shell: { text: string; mtimeMs: number; checkedAt: number } | undefined
  async function consoleShell(): Promise<string> {
    const now = Date.now()
    if (shell && now - shell.checkedAt < SHELL_RECHECK_MS) return shell.text
    const info = await stat(shellFile).catch(() => null)
    if (!info?.isFile()) {
      shell = undefined
      return withNoindex(HOLDING_PAGE)
    }
    if (shell?.mtimeMs !== info.mtimeMs) {
      const text = await readFile(shellFile, 'utf8').catch(() => null)
      if (text === null) return withNoindex(HOLDING_PAGE)
      shell = { text: withNoindex(text), mtimeMs: info.mtimeMs, checkedAt: now }
    }
    shell.checkedAt = now
    return shell.text
  }

  const serve = async (_request: unknown, reply: FastifyReply) =>
    reply
      .header('x-robots-tag', 'noindex')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(await consoleShell())
  app.get('/staff', serve)
  app.get('/staff/*', serve)
}
