import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { CORE_MEMO_TAG_PREFIXES, CORE_SETTINGS_MEMO_MS } from '@rpt/contract'
import { DEFAULT_LANG } from '../../http/locale.ts'

/** The core API's feed of content changes (what staff published, changed or withdrew, so the caches forget it): ascending ids, at most 500 a call; without after, only where it stands. */
export const CONTENT_CHANGES_PATH = '/content/changes'

/** Backoff while the core API does not answer the feed (an older one, or down): doubled from the poll interval up to this. */
const MAX_BACKOFF_MS = 30_000
/** After the core API's memos expire, before the second purge: a request that read one just before may still be answering. */
const SETTLE_MARGIN_MS = 250

interface ChangesData {
  last: string
  changes: Array<{ id: string; tags: string[] }>
}

function isChangesData(value: unknown): value is ChangesData {
  if (!value || typeof value !== 'object') return false
  const { last, changes } = value as Record<string, unknown>
  return (
    typeof last === 'string' &&
    (changes === undefined ||
      (Array.isArray(changes) &&
        changes.every((change) => change && typeof change === 'object' && Array.isArray((change as { tags?: unknown }).tags))))
  )
}

export interface ContentChanges {
  /** The last change id this instance has purged for, or undefined before the core API first answered */
  readonly last: string | undefined
  /** Polls once now (tests, and a poll due sooner than the timer) */
  pollNow(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    contentChanges: ContentChanges
  }
}

/**
 * Every instance asks the core API what content changed since the last change
 * it saw, every CONTENT_POLL_MS, and empties its own caches of what the
 * changes' tags name (report:<webTitle>, collection:reports, dict:…): a
 * published report shows on every instance within a poll or two, and nothing
 * else is purged. Each instance polls for itself, so nothing is published
 * to Redis again. A core API that does not answer is logged once and asked
 * again with a growing delay; the site keeps serving what it has.
 */
async function contentChangesPlugin(app: FastifyInstance) {
  let last: string | undefined
  let failing = false
  let backoffMs = 0
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let running: Promise<void> | undefined

  const settling = new Set<NodeJS.Timeout>()
  /** What was fetched between the purge and the other core instances' memos expiring may be old: purge it once more. */
  function purgeAgainLater(tags: string[]) {
    const timer = setTimeout(() => {
      settling.delete(timer)
      app.purger.runLocal({ kind: 'tags', tags }).catch((error: unknown) => app.log.warn({ err: error, tags }, 'second purge failed'))
    }, CORE_SETTINGS_MEMO_MS + SETTLE_MARGIN_MS)
    timer.unref()
    settling.add(timer)
  }

  async function pollOnce(): Promise<void> {
    const answer = await app.core.call({
      method: 'GET',
      path: CONTENT_CHANGES_PATH,
      lang: DEFAULT_LANG,
      params: last === undefined ? {} : { after: last },
    })
    const data = answer.body.data
    if (answer.status !== 200 || answer.body.code !== 200 || !isChangesData(data))
      throw new Error(`content changes answered HTTP ${answer.status}, code ${answer.body.code}`)
    const tags = new Set<string>()
    // Changes of dictionaries or settings: another core API instance may serve the old ones for CORE_SETTINGS_MEMO_MS.
    const settle = new Set<string>()
    // The first answer only says where the feed stands: what this instance holds was loaded after that.
    if (last !== undefined)
      for (const change of data.changes ?? []) {
        const changeTags = change.tags.filter((tag): tag is string => typeof tag === 'string')
        for (const tag of changeTags) tags.add(tag)
        if (changeTags.some((tag) => CORE_MEMO_TAG_PREFIXES.some((prefix) => tag.startsWith(prefix))))
          for (const tag of changeTags) settle.add(tag)
      }
    if (tags.size > 0) {
      const dropped = await app.purger.runLocal({ kind: 'tags', tags: [...tags] })
      app.log.info({ tags: [...tags], dropped }, 'caches purged for content changes')
    }
    if (settle.size > 0) purgeAgainLater([...settle])
    last = data.last
  }

  const poll = (): Promise<void> => {
    running ??= pollOnce()
      .then(() => {
        if (failing) app.log.info('content changes: the core API answers again')
        failing = false
        backoffMs = 0
      })
      .catch((error: unknown) => {
        // Logged once per outage, not per poll.
        if (!failing) app.log.warn({ err: error }, 'content changes: the core API does not answer; asking again with backoff')
        failing = true
        const interval = app.settings.values.CONTENT_POLL_MS
        backoffMs = Math.min(MAX_BACKOFF_MS, Math.max(interval, backoffMs * 2))
      })
      .finally(() => {
        running = undefined
      })
    return running
  }

  const schedule = () => {
    if (stopped) return
    timer = setTimeout(() => {
      void poll().then(schedule)
    }, backoffMs || app.settings.values.CONTENT_POLL_MS)
    // Polling alone never keeps the process alive.
    timer.unref()
  }

  app.decorate('contentChanges', {
    get last() {
      return last
    },
    pollNow: poll,
  } satisfies ContentChanges)

  if (app.config.CONTENT_CHANGES === 'poll') {
    app.addHook('onReady', async () => {
      void poll().then(schedule)
    })
  }
  app.addHook('onClose', async () => {
    stopped = true
    if (timer) clearTimeout(timer)
    for (const pending of settling) clearTimeout(pending)
    await running
  })
}

export default fp(contentChangesPlugin, {
  name: 'content-changes',
  dependencies: ['config', 'settings', 'core-client', 'purger'],
})
