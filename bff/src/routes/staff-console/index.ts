import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sendCompressed } from '../../lib/encoded-body.ts'
import { HOLDING_PAGE } from '../client/holding-page.ts'
import { shellReader, withNoindex } from './shell.ts'

/**
 * The staff console, where the publisher's staff edit and publish content, at
 * /staff. A visitor without a staff session gets its sign-in rendered here
 * (the client's gate, with only the sign-in's words), painted before any of
 * the console's script arrives; a signed-in one gets the client's own
 * index.html, and the client opens the console. Never cached, indexed or
 * listed in a sitemap: the console is one person's, and its pages say
 * nothing to search engines.
 */
export default async function staffConsoleRoutes(app: FastifyInstance) {
  const readShell = shellReader(app.config.CLIENT_DIST_DIR)
  // Made once per shell text: the meta goes in when index.html changes, not per request.
  let last: { shell: string; page: string } | undefined
  const consolePage = (shell: string) => {
    if (last?.shell !== shell) last = { shell, page: withNoindex(shell) }
    return last.page
  }

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const shell = (await readShell()) ?? HOLDING_PAGE
    reply.header('x-robots-tag', 'noindex').header('cache-control', 'no-store')
    const signIn =
      shell !== HOLDING_PAGE && app.staffSession.token(request) === undefined
        ? await app.ssr.render(request, shell).catch(() => null)
        : null
    if (signIn?.status === 200) return sendCompressed(request, reply, withNoindex(signIn.html), 'text/html; charset=utf-8')
    return reply.type('text/html; charset=utf-8').send(consolePage(shell))
  }
  // The English edition's console keeps the site's /en prefix (the client's language switch).
  for (const prefix of ['', '/en']) {
    app.get(`${prefix}/staff`, serve)
    app.get(`${prefix}/staff/*`, serve)
  }
}
