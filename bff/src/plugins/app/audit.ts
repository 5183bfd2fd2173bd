import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

export type AuditAction = 'settings' | 'purge' | 'unblock'

export interface AuditEntry {
  id: string
  /** ISO time */
  at: string
  /** The operator's name from OPS_TOKENS: never the token */
  operator: string
  action: AuditAction
  /** The address the request came from, as the rate limits see it (TRUST_PROXY) */
  address: string
  before: unknown
  after: unknown
}

export interface Audit {
  record(entry: Omit<AuditEntry, 'id' | 'at'>): Promise<AuditEntry>
  /** Newest first */
  list(options: { limit: number; offset: number }): Promise<{ entries: AuditEntry[]; total: number }>
  /** True with Redis: one log for every instance */
  readonly shared: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: Audit
  }
}

/** Entries kept: a long history of ops changes is small, and bounded all the same. */
const KEPT = 10_000

async function auditPlugin(app: FastifyInstance) {
  const redis = app.redis
  const listKey = `${app.config.REDIS_KEY_PREFIX}ops:audit`
  const local: AuditEntry[] = []

  app.decorate('audit', {
    async record(fields) {
      // Time first, so ids sort as the entries happened.
      const entry: AuditEntry = {
        id: `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`,
        at: new Date().toISOString(),
        ...fields,
      }
      if (redis) {
        await redis
          .multi()
          .lpush(listKey, JSON.stringify(entry))
          .ltrim(listKey, 0, KEPT - 1)
          .exec()
      } else {
        local.unshift(entry)
        if (local.length > KEPT) local.length = KEPT
      }
      // Also in the log, for whatever collects it.
      app.log.info({ audit: entry }, 'ops action')
      return entry
    },
    async list({ limit, offset }) {
      if (!redis) return { entries: local.slice(offset, offset + limit), total: local.length }
      const [items, total] = await Promise.all([redis.lrange(listKey, offset, offset + limit - 1), redis.llen(listKey)])
      return { entries: items.map((item) => JSON.parse(item) as AuditEntry), total }
    },
    shared: Boolean(redis),
  } satisfies Audit)
}

export default fp(auditPlugin, { name: 'audit', dependencies: ['config', 'redis'] })
