import { Redis } from 'ioredis'

export const REDIS_URL = process.env.MULTI_INSTANCE_REDIS_URL || 'redis://127.0.0.1:6379'

/** Fails with a clear message when Redis does not answer. */
export async function checkRedis(): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000, retryStrategy: () => null })
  try {
    await redis.connect()
    await redis.ping()
  } catch (error) {
    throw new Error(`Redis does not answer at ${REDIS_URL} (set MULTI_INSTANCE_REDIS_URL): ${(error as Error).message}`)
  } finally {
    redis.disconnect()
  }
}

/** Deletes every key under prefix; answers how many. */
export async function deleteKeys(prefix: string): Promise<number> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 3000 })
  let deleted = 0
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`, 'COUNT', 500)
      cursor = next
      if (keys.length > 0) deleted += await redis.unlink(...keys)
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
  return deleted
}

export async function countKeys(prefix: string): Promise<number> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 3000 })
  let count = 0
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`, 'COUNT', 500)
      cursor = next
      count += keys.length
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
  return count
}
