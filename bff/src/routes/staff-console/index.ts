import type { FastifyInstance, FastifyReply } from 'fastify'
import { HOLDING_PAGE } from '../client/holding-page.ts'
import { shellReader, withNoindex } from './shell.ts'

/**
 * The staff console, where the publisher's staff edit and publish content, at
 * /staff: the client's own index.html, left
 * to the client to render (it picks the console from location.pathname). Never
 * server-rendered, cached, indexed or listed in a sitemap: the console is
 * one person's, and its pages say nothing to search engines.
 */
export default async function staffConsoleRoutes(app: FastifyInstance) {
  const readShell = shellReader(app.config.CLIENT_DIST_DIR)
  // Made once per shell text: the meta goes in when index.html changes, not per request.
  let last: { shell: string; page: string } | undefined
  const consolePage = async () => {
    const shell = (await readShell()) ?? HOLDING_PAGE
    if (last?.shell !== shell) last = { shell, page: withNoindex(shell) }
    return last.page
  }

  const serve = async (_request: unknown, reply: FastifyReply) =>
    reply
      .header('x-robots-tag', 'noindex')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(await consolePage())
  // The English edition's console keeps the site's /en prefix (the client's language switch).
  for (const prefix of ['', '/en']) {
    app.get(`${prefix}/staff`, serve)
    app.get(`${prefix}/staff/*`, serve)
  }
}
