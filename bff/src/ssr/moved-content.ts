import type { FastifyInstance } from 'fastify'
import type { ContentKind } from '@rpt/contract'
import { LRUCache } from 'lru-cache'
import type { Lang } from '../http/locale.ts'

/** The core API's answer to a slug that never changed into another: an editor who renames a report or article leaves its old address answering 301. */
export const NOT_MOVED_CODE = 300102
export const REDIRECT_PATH = '/content/redirect'

/** A slug with no successor is asked about again after this long; a known successor after MOVED_TTL_MS. */
const NOT_MOVED_TTL_MS = 30_000
const MOVED_TTL_MS = 10 * 60_000

/** The detail pages (their page payload's name) whose :webTitle may be an old slug, and the kind it names. */
export const MOVED_KIND_OF_PAGE: Readonly<Record<string, ContentKind>> = { report: 'report', bulletin: 'bulletin', article: 'news' }

/** The cache tags of a change to any of those kinds (lib/content-tags.ts; the core's article change tags). */
const MOVABLE_TAG = /^(collection:(reports|bulletins|news)$|report|bulletin|news)/

export interface MovedContent {
  /** The slug an old slug of the kind answers 301 to, or null: asked of the core API at most once per TTL per slug */
  lookup(lang: Lang, slug: string, kind: ContentKind): Promise<string | null>
}

/**
 * When a published report's, bulletin's or news article's slug changes, its
 * old URL answers 301 to the new one. Asked only where a detail page finds
 * nothing, and remembered (negative answers too), so a crawler walking dead
 * links costs one core API call per slug per half minute. Forgotten when
 * such content changes (a content change or an ops purge naming it).
 */
export function movedContent(app: FastifyInstance): MovedContent {
  const known = new LRUCache<string, { slug: string | null }>({ max: 10_000, ttl: MOVED_TTL_MS })
  const pending = new Map<string, Promise<string | null>>()

  app.purger.register('moved-content', async (target) => {
    const touches = target.kind === 'all' || (target.kind === 'tags' && target.tags.some((tag) => MOVABLE_TAG.test(tag)))
    if (!touches) return 0
    const size = known.size
    known.clear()
    return size
  })

  async function ask(key: string, lang: Lang, slug: string, kind: ContentKind): Promise<string | null> {
    try {
      const answer = await app.core.call({ method: 'GET', path: REDIRECT_PATH, lang, params: { kind, slug } })
      const data = answer.body.data as { slug?: unknown } | null
      if (answer.body.code === 200 && data && typeof data.slug === 'string' && data.slug && data.slug !== slug) {
        known.set(key, { slug: data.slug })
        return data.slug
      }
      // 300102 (no successor), or a core API without the call: not moved, for a while.
      known.set(key, { slug: null }, { ttl: NOT_MOVED_TTL_MS })
      return null
    } catch (error) {
      // Unreachable: the page is simply missing this time; asked again next time.
      app.log.warn({ err: error }, 'slug redirect lookup failed')
      return null
    }
  }

  return {
    async lookup(lang, slug, kind) {
      const key = `${kind}\n${lang}\n${slug}`
      const hit = known.get(key)
      if (hit) return hit.slug
      let asking = pending.get(key)
      if (!asking) {
        asking = ask(key, lang, slug, kind).finally(() => pending.delete(key))
        pending.set(key, asking)
      }
      return asking
    },
  }
}

/** The same page path with its last segment (the route's :webTitle) replaced by the new slug, and the query kept. */
export function movedPath(pathname: string, search: string, slug: string): string {
  const base = pathname.replace(/\/+$/, '')
  return `${base.slice(0, base.lastIndexOf('/') + 1)}${encodeURIComponent(slug)}${search ? `?${search}` : ''}`
}
