import type { Redis } from 'ioredis'
import { LRUCache } from 'lru-cache'

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void

/**
 * The counters behind @fastify/rate-limit, as a store of our own: one key
 * space for every limiter (the keys carry the policy), so ops can clear one
 * address's or one account's counters (unblock). Fixed windows, as the
 * library's own stores count them.
 */
export interface LimitStore {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void
  read(key: string, callback: Callback, timeWindow: number, max: number): void
  /** The library asks each limiter for a child store; keys are already apart, so it is this one. */
  child(): LimitStore
  /** Drops these counters; the next request starts a new window. */
  reset(keys: readonly string[]): Promise<void>
}

interface Counter {
  current: number
  startMs: number
}

export class MemoryLimitStore implements LimitStore {
  // Bounded as the library's local store is: a flood of addresses evicts the oldest counters.
  private readonly counters = new LRUCache<string, Counter>({ max: 50_000 })

  incr(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now()
    let counter = this.counters.get(key)
    if (!counter || counter.startMs + timeWindow <= now) {
      counter = { current: 0, startMs: now }
      this.counters.set(key, counter)
    }
    counter.current += 1
    callback(null, { current: counter.current, ttl: counter.startMs + timeWindow - now })
  }

  read(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now()
    const counter = this.counters.peek(key)
    if (!counter || counter.startMs + timeWindow <= now) return callback(null, { current: 0, ttl: 0 })
    callback(null, { current: counter.current, ttl: counter.startMs + timeWindow - now })
  }

  child(): LimitStore {
    return this
  }

  async reset(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.counters.delete(key)
  }
}

// The library's Redis counting: the window starts with the first request and the key expires with it.
const INCR = `
local current = redis.call('INCR', KEYS[1])
local ttl
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
else
  ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    ttl = tonumber(ARGV[1])
  end
end
return {current, ttl}
`

type RedisWithLimits = Redis & {
  bffLimitIncr(key: string, windowMs: number, callback: (error: Error | null, result?: [number, number]) => void): void
}

export class RedisLimitStore implements LimitStore {
  private readonly redis: RedisWithLimits

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    if (!('bffLimitIncr' in redis)) redis.defineCommand('bffLimitIncr', { numberOfKeys: 1, lua: INCR })
    this.redis = redis as RedisWithLimits
  }

  incr(key: string, callback: Callback, timeWindow: number): void {
    this.redis.bffLimitIncr(this.prefix + key, timeWindow, (error, result) => {
      if (error || !result) return callback(error ?? new Error('no answer from redis'))
      callback(null, { current: result[0], ttl: result[1] })
    })
  }

  read(key: string, callback: Callback): void {
    this.redis
      .multi()
      .get(this.prefix + key)
      .pttl(this.prefix + key)
      .exec()
      .then(
        (replies) => {
          const current = Number(replies?.[0]?.[1] ?? 0) || 0
          const ttl = Number(replies?.[1]?.[1] ?? 0)
          callback(null, { current, ttl: ttl > 0 ? ttl : 0 })
        },
        (error: Error) => callback(error),
      )
  }

  child(): LimitStore {
    return this
  }

  async reset(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.redis.del(...keys.map((key) => this.prefix + key))
  }
}
