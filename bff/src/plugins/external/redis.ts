import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'

/** Messages between instances: one subscriber connection for every channel. */
export interface PubSub {
  /** Calls onMessage with each message on the channel (the prefix is added here), from this instance or another. */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<void>
  publish(channel: string, message: string): Promise<void>
  /** Called when the subscriber is back after a lost connection: messages sent meanwhile were missed. */
  onReconnect(listener: () => void): void
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis connection when REDIS_URL is set, else null (everything stays in process) */
    redis: Redis | null
    /** Pub/sub between instances over the same Redis, else null */
    pubsub: PubSub | null
  }
}

async function redisPlugin(app: FastifyInstance) {
  const url = app.config.REDIS_URL
  if (!url) {
    app.decorate('redis', null)
    app.decorate('pubsub', null)
    return
  }
  // ioredis (some 2 MB of heap) only for an instance that shares state through Redis.
  const { Redis } = await import('ioredis')
  const redis = new Redis(url, {
    lazyConnect: true,
    // A request must not wait for Redis to come back: the rate limiter fails
    // open and the caches stay local until it does.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
  })
  redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'))
  // A wrong REDIS_URL at boot is a configuration error worth stopping for.
  await redis.connect()
  app.decorate('redis', redis)

  // A subscribed connection can do nothing else, so it is a second one; it resubscribes by itself after a reconnect.
  const subscriber = redis.duplicate({ enableOfflineQueue: true })
  subscriber.on('error', (error) => app.log.warn({ err: error }, 'redis subscriber error'))
  const reconnectListeners: Array<() => void> = []
  let connectedBefore = false
  subscriber.on('ready', () => {
    if (!connectedBefore) return void (connectedBefore = true)
    for (const listener of reconnectListeners) listener()
  })
  await subscriber.connect()
  const prefix = app.config.REDIS_KEY_PREFIX
  const handlers = new Map<string, Array<(message: string) => void>>()
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(message)
      } catch (error) {
        app.log.warn({ err: error, channel }, 'unreadable message between instances')
      }
    }
  })
  app.decorate('pubsub', {
    async subscribe(channel, onMessage) {
      const name = prefix + channel
      const list = handlers.get(name)
      if (list) return void list.push(onMessage)
      handlers.set(name, [onMessage])
      await subscriber.subscribe(name)
    },
    async publish(channel, message) {
      await redis.publish(prefix + channel, message)
    },
    onReconnect(listener) {
      reconnectListeners.push(listener)
    },
  } satisfies PubSub)

  app.addHook('onClose', async () => {
    await subscriber.quit().catch(() => subscriber.disconnect())
    await redis.quit().catch(() => redis.disconnect())
  })
}

export default fp(redisPlugin, { name: 'redis', dependencies: ['config'] })
