import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { LIMIT_POLICIES, type LimitPolicy } from '../../lib/limit-policies.ts'
import { UPSTREAM_BUCKETS } from './metrics.ts'

const MINUTE_MS = 60_000
export const WINDOW_MINUTES = 60
/** How often counts are folded into the minute they belong to (and into Redis): the lag of other instances' counts. */
const FLUSH_MS = 5_000
const KEEP_S = 2 * 3600
const TOP = 10

export interface CacheSeries {
  hits: number[]
  misses: number[]
  stale: number[]
}

export interface LimitSeries {
  requests: number[]
  refusals: number[]
  topAddresses: Array<{ key: string; count: number }>
  topAccounts: Array<{ key: string; count: number }>
}

export interface StatsSeries {
  /** cluster: every instance's counts (Redis); instance: this process's only */
  scope: 'cluster' | 'instance'
  /** Start of each minute (epoch ms), oldest first; the last one is the current, partial minute */
  minutes: number[]
  caches: Record<string, CacheSeries>
  limits: Record<LimitPolicy, LimitSeries>
  upstream: { requests: number[]; errors: number[]; avgMs: Array<number | null>; p95Ms: Array<number | null> }
}

export interface OpsStats {
  /** The last hour, minute by minute, after folding in this instance's latest counts. */
  series(): Promise<StatsSeries>
}

declare module 'fastify' {
  interface FastifyInstance {
    opsStats: OpsStats
  }
}

type Fields = Map<string, number>

const add = (fields: Fields, field: string, delta: number) => {
  if (delta !== 0) fields.set(field, (fields.get(field) ?? 0) + delta)
}

/**
 * Statistics over time for the ops page: the counters the BFF keeps anyway
 * (prom-client's cache events, upstream errors and latency; the limits' own
 * tallies) are read every few seconds, off the request path, and their
 * increase is added to the current minute: in Redis when configured, so the
 * hour shown is every instance's, else in this process.
 */
async function opsStatsPlugin(app: FastifyInstance) {
  const redis = app.redis
  const prefix = `${app.config.REDIS_KEY_PREFIX}ops:stats:`
  const last = new Map<string, number>()
  const localFields = new Map<number, Fields>()
  const localRefused = new Map<number, Fields>()

  /** Increase of a cumulative counter since the last read. */
  const increase = (key: string, value: number) => {
    const before = last.get(key) ?? 0
    last.set(key, value)
    return Math.max(0, value - before)
  }

  const collect = async (): Promise<{ fields: Fields; refused: Fields }> => {
    const fields: Fields = new Map()
    for (const { labels, value } of (await app.metrics.cacheEvents.get()).values)
      add(fields, `c|${labels.cache}|${labels.result}`, increase(`c|${labels.cache}|${labels.result}`, value))
    let errors = 0
    for (const { labels, value } of (await app.metrics.upstreamErrors.get()).values)
      errors += increase(`e|${labels.kind}|${labels.path}`, value)
    add(fields, 'u|errors', errors)
    for (const { labels: named, value, metricName } of (await app.metrics.upstreamLatency.get()).values) {
      // Bucket values carry le besides the histogram's own labels.
      const labels = named as { via?: string; le?: string | number }
      const key = `h|${metricName}|${labels.via}|${labels.le ?? ''}`
      const delta = increase(key, value)
      if (metricName?.endsWith('_count')) add(fields, 'u|count', delta)
      else if (metricName?.endsWith('_sum')) add(fields, 'u|ms', Math.round(delta * 1000))
      else if (metricName?.endsWith('_bucket') && labels.le !== '+Inf') add(fields, `u|le|${labels.le}`, delta)
    }
    const tallies = app.limits.drain()
    for (const [policy, count] of Object.entries(tallies.requests)) add(fields, `l|${policy}|requests`, count)
    for (const [policy, count] of Object.entries(tallies.refusals)) add(fields, `l|${policy}|refusals`, count)
    return { fields, refused: tallies.refused }
  }

  let flushing: Promise<void> | undefined
  const flushOnce = async () => {
    const minute = Math.floor(Date.now() / MINUTE_MS)
    const { fields, refused } = await collect()
    if (fields.size === 0 && refused.size === 0) return
    if (redis) {
      const tx = redis.multi()
      for (const [field, delta] of fields) tx.hincrby(`${prefix}${minute}`, field, delta)
      for (const [member, delta] of refused) tx.zincrby(`${prefix}refused:${minute}`, String(delta), member)
      tx.expire(`${prefix}${minute}`, KEEP_S).expire(`${prefix}refused:${minute}`, KEEP_S)
      await tx.exec()
      return
    }
    for (const [target, source] of [
      [localFields, fields],
      [localRefused, refused],
    ] as const) {
      let bucket = target.get(minute)
      if (!bucket) target.set(minute, (bucket = new Map<string, number>()))
      for (const [field, delta] of source) add(bucket, field, delta)
      for (const old of target.keys()) if (old <= minute - WINDOW_MINUTES - 1) target.delete(old)
    }
  }
  // One at a time: two overlapping reads would count the same increase twice.
  const flush = () => {
    flushing ??= flushOnce()
      .catch((error: unknown) => app.log.warn({ err: error }, 'ops statistics not recorded'))
      .finally(() => (flushing = undefined))
    return flushing
  }
  const timer = setInterval(() => void flush(), FLUSH_MS)
  timer.unref()
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await flush()
  })

  const readMinutes = async (minutes: number[]): Promise<Array<{ fields: Fields; refused: Fields }>> => {
    if (!redis) return minutes.map((m) => ({ fields: localFields.get(m) ?? new Map(), refused: localRefused.get(m) ?? new Map() }))
    const pipeline = redis.pipeline()
    for (const m of minutes) pipeline.hgetall(`${prefix}${m}`).zrange(`${prefix}refused:${m}`, '0', '-1', 'WITHSCORES')
    const replies = (await pipeline.exec()) ?? []
    return minutes.map((_m, i) => {
      const hash = (replies[2 * i]?.[1] ?? {}) as Record<string, string>
      const zset = (replies[2 * i + 1]?.[1] ?? []) as string[]
      const refused: Fields = new Map()
      for (let j = 0; j < zset.length; j += 2) refused.set(zset[j]!, Number(zset[j + 1]))
      return { fields: new Map(Object.entries(hash).map(([k, v]) => [k, Number(v)])), refused }
    })
  }

  async function series(): Promise<StatsSeries> {
    await flush()
    const now = Math.floor(Date.now() / MINUTE_MS)
    const minutes = Array.from({ length: WINDOW_MINUTES }, (_, i) => now - WINDOW_MINUTES + 1 + i)
    const buckets = await readMinutes(minutes)
    const column = (field: string) => buckets.map((b) => b.fields.get(field) ?? 0)

    const cacheNames = new Set<string>()
    for (const { fields } of buckets) for (const field of fields.keys()) if (field.startsWith('c|')) cacheNames.add(field.split('|')[1]!)
    const caches: Record<string, CacheSeries> = {}
    for (const name of cacheNames)
      caches[name] = { hits: column(`c|${name}|HIT`), misses: column(`c|${name}|MISS`), stale: column(`c|${name}|STALE`) }

    const limits = {} as Record<LimitPolicy, LimitSeries>
    for (const policy of LIMIT_POLICIES) {
      const totals = new Map<string, number>()
      for (const { refused } of buckets)
        for (const [member, count] of refused) if (member.startsWith(`${policy}|`)) totals.set(member, (totals.get(member) ?? 0) + count)
      const top = (kind: 'ip' | 'acct') =>
        [...totals]
          .filter(([member]) => member.startsWith(`${policy}|${kind}|`))
          .sort((a, b) => b[1] - a[1])
          .slice(0, TOP)
          .map(([member, count]) => ({ key: member.slice(policy.length + kind.length + 2), count }))
      limits[policy] = {
        requests: column(`l|${policy}|requests`),
        refusals: column(`l|${policy}|refusals`),
        topAddresses: top('ip'),
        topAccounts: top('acct'),
      }
    }

    const requests = column('u|count')
    const ms = column('u|ms')
    const p95Ms = buckets.map(({ fields }, i) => {
      const n = requests[i]!
      if (n === 0) return null
      // The bucket bounds are cumulative: the first bound holding 95 % of the calls.
      for (const bound of UPSTREAM_BUCKETS) if ((fields.get(`u|le|${bound}`) ?? 0) >= 0.95 * n) return bound * 1000
      return UPSTREAM_BUCKETS[UPSTREAM_BUCKETS.length - 1]! * 1000
    })
    return {
      scope: redis ? 'cluster' : 'instance',
      minutes: minutes.map((m) => m * MINUTE_MS),
      caches,
      limits,
      upstream: { requests, errors: column('u|errors'), avgMs: requests.map((n, i) => (n === 0 ? null : Math.round(ms[i]! / n))), p95Ms },
    }
  }

  app.decorate('opsStats', { series } satisfies OpsStats)
}

export default fp(opsStatsPlugin, { name: 'ops-stats', dependencies: ['config', 'redis', 'metrics', 'limits'] })
