import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** What to empty: everything, one named store, exact keys, or whatever carries a tag (lib/content-tags.ts). */
export type PurgeTarget =
  { kind: 'all' } | { kind: 'cache'; cache: string } | { kind: 'keys'; keys: string[] } | { kind: 'tags'; tags: string[] }

/**
 * One store's part of a purge. origin 'here' runs on the instance that was
 * asked; 'elsewhere' on every other one, when the message arrives: a store
 * shared through Redis is emptied once, here, while what each process keeps
 * for itself (LRUs, kept pages, compressed bytes) is emptied everywhere.
 * Answers how many entries it dropped.
 */
export type PurgeHandler = (target: PurgeTarget, origin: 'here' | 'elsewhere') => Promise<number>

export interface Purger {
  register(name: string, handler: PurgeHandler): void
  /** Empties the target here and, with Redis, on every instance; answers entries dropped here, per store. */
  run(target: PurgeTarget): Promise<Record<string, number>>
  /** Empties the target on this instance only: for what every instance learns of by itself (content changes it polls for). */
  runLocal(target: PurgeTarget): Promise<Record<string, number>>
}

declare module 'fastify' {
  interface FastifyInstance {
    purger: Purger
  }
}

const CHANNEL = 'cache-purge'

/** A purge message, including the {name} of instances from before tags, read as the purge it meant. */
function targetOf(message: { target?: PurgeTarget; name?: unknown }): PurgeTarget {
  if (message.target && typeof message.target === 'object' && typeof message.target.kind === 'string') return message.target
  return typeof message.name === 'string' ? { kind: 'cache', cache: message.name } : { kind: 'all' }
}

async function purgePlugin(app: FastifyInstance) {
  const handlers = new Map<string, PurgeHandler>()
  const instanceId = randomUUID()

  const runLocal = async (target: PurgeTarget, origin: 'here' | 'elsewhere') => {
    const dropped: Record<string, number> = {}
    for (const [name, handler] of handlers) {
      try {
        dropped[name] = await handler(target, origin)
      } catch (error) {
        // One store failing (Redis down) must not keep the others from being emptied.
        app.log.warn({ err: error, store: name }, 'purge failed for a store')
        dropped[name] = 0
      }
    }
    return dropped
  }

  if (app.pubsub) {
    await app.pubsub.subscribe(CHANNEL, (text) => {
      const message = JSON.parse(text) as { from?: string; target?: PurgeTarget; name?: unknown }
      if (message.from === instanceId) return
      const target = targetOf(message)
      app.log.info({ target }, 'caches purged by another instance')
      void runLocal(target, 'elsewhere')
    })
    // Back after a lost connection: purges sent meanwhile were missed. A purge
    // of no tag drops no entry but counts as one, so pages kept from cached
    // parts are composed again (as before tags); the parts themselves expire.
    app.pubsub.onReconnect(() => void runLocal({ kind: 'tags', tags: [] }, 'elsewhere'))
  }

  app.decorate('purger', {
    register(name, handler) {
      handlers.set(name, handler)
    },
    async run(target) {
      const dropped = await runLocal(target, 'here')
      await app.pubsub?.publish(
        CHANNEL,
        JSON.stringify({ from: instanceId, target, ...(target.kind === 'cache' ? { name: target.cache } : {}) }),
      )
      return dropped
    },
    runLocal: (target) => runLocal(target, 'here'),
  } satisfies Purger)
}

export default fp(purgePlugin, { name: 'purger', dependencies: ['config', 'redis'] })
