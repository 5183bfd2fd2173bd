import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { editionOf } from '../../http/locale.ts'

/** The keyword field's own limit (the header's input, maxlength 100): longer ones are cut, not refused. */
const KEYWORD_MAX = 100

/** A query field as sent: the first of repeated ones, nothing but a string. */
function field(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name]
  const first: unknown = Array.isArray(value) ? (value as unknown[])[0] : value
  return typeof first === 'string' ? first : undefined
}

/**
 * The header's search form submitted as a plain GET (before the page has
 * hydrated, or without script): `/search?type=&keyword=` (`/en/search` in
 * English) is redirected to the list the hydrated form navigates to, by the
 * client's own rule (`searchLocation` of the server build). An unknown type is
 * the edition's first, as in the form. Without a server build (a deployment
 * gone wrong: every page is then the client's shell) the edition's home page,
 * where the hydrated form searches.
 */
export default async function searchRoutes(app: FastifyInstance) {
  const redirect = async (request: FastifyRequest, reply: FastifyReply) => {
    const loaded = await app.ssr.bundle().catch((error: unknown) => {
      request.log.error({ err: error }, 'server build failed to load')
      return null
    })
    const lang = editionOf(request.url.split('?', 1)[0] ?? '/')
    // Each search is its own: no cache keeps the redirect.
    reply.header('cache-control', 'no-store')
    if (!loaded) return reply.redirect(lang === 'en-US' ? '/en' : '/', 303)
    const keyword = field(request.query, 'keyword')?.slice(0, KEYWORD_MAX)
    const location = loaded.bundle.searchLocation(lang, field(request.query, 'type'), keyword)
    return reply.redirect(location, 303)
  }
  app.get('/search', redirect)
  app.get('/en/search', redirect)
}
