import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { checkChange, SETTINGS, type SettingName, type SettingValues } from '../../lib/settings-table.ts'

export type SettingSource = 'default' | 'env' | 'runtime'

export interface SettingState {
  name: SettingName
  value: number
  /** The table's default */
  default: number
  /** What the instance started with: the environment's value, else the default; null resets to it */
  start: number
  source: SettingSource
}

export type SettingsChange = Partial<Record<SettingName, number | null>>

export interface RuntimeSettings {
  /**
   * The values in effect, read on hot paths: a plain object, replaced whole
   * (never changed in place) when a change arrives, so readers need no lock,
   * no Redis round trip and no await.
   */
  readonly values: Readonly<SettingValues>
  describe(): SettingState[]
  /** Applies a checked change here, keeps it (Redis) and announces it to every instance; answers the values before and after. */
  change(change: SettingsChange): Promise<{ before: Partial<SettingValues>; after: Partial<SettingValues> }>
  /** Called with the new and the previous values after every change that altered something. */
  onChange(listener: (values: Readonly<SettingValues>, previous: Readonly<SettingValues>) => void): void
  /** True with Redis: changes reach every instance and outlive restarts; false: this process only, until it restarts. */
  readonly shared: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    settings: RuntimeSettings
  }
}

const CHANNEL = 'ops:settings'
/** Read again this often anyway: a message lost in a reconnect must not leave an instance behind for long. */
const RESYNC_MS = 30_000

async function settingsPlugin(app: FastifyInstance) {
  const c = app.config
  const start = Object.fromEntries(SETTINGS.map((s) => [s.name, c[s.name]])) as SettingValues
  const fromEnv = new Set<SettingName>(c.fromEnvironment)
  const redis = app.redis
  const hashKey = `${c.REDIS_KEY_PREFIX}ops:settings`
  const instanceId = randomUUID()
  let overrides: Partial<SettingValues> = {}
  let values: Readonly<SettingValues> = { ...start }
  const listeners: Array<(values: Readonly<SettingValues>, previous: Readonly<SettingValues>) => void> = []

  const apply = (next: Partial<SettingValues>) => {
    const previous = values
    const merged = { ...start, ...next }
    overrides = next
    if (SETTINGS.every((s) => merged[s.name] === previous[s.name])) return
    values = Object.freeze(merged)
    for (const listener of listeners) {
      try {
        listener(values, previous)
      } catch (error) {
        app.log.error({ err: error }, 'applying changed settings failed')
      }
    }
  }

  /** The overrides kept in Redis; a value that no longer fits the table is left out, and said so. */
  const load = async (): Promise<Partial<SettingValues>> => {
    const stored = await redis!.hgetall(hashKey)
    const loaded: Partial<SettingValues> = {}
    for (const [name, text] of Object.entries(stored)) {
      const checked = checkChange({ [name]: Number(text) })
      if (checked.ok && typeof checked.change[name as SettingName] === 'number') loaded[name as SettingName] = Number(text)
      else app.log.warn({ setting: name, value: text }, 'ignoring a kept setting that does not fit the settings table')
    }
    return loaded
  }
  const resync = () =>
    load().then(apply, (error: unknown) => app.log.warn({ err: error }, 'reading the kept settings failed; keeping the current ones'))

  if (redis && app.pubsub) {
    // A restarted or new instance starts with what ops changed, not with the environment alone.
    apply(await load())
    await app.pubsub.subscribe(CHANNEL, (message) => {
      const { from } = JSON.parse(message) as { from?: string }
      if (from !== instanceId) void resync()
    })
    app.pubsub.onReconnect(() => void resync())
    const timer = setInterval(() => void resync(), RESYNC_MS)
    timer.unref()
    app.addHook('onClose', async () => clearInterval(timer))
  }

  const settings: RuntimeSettings = {
    get values() {
      return values
    },
    describe() {
      return SETTINGS.map((s) => ({
        name: s.name,
        value: values[s.name],
        default: s.default,
        start: start[s.name],
        source: overrides[s.name] !== undefined ? 'runtime' : fromEnv.has(s.name) ? 'env' : 'default',
      }))
    },
    async change(change) {
      const names = Object.keys(change) as SettingName[]
      const before: Partial<SettingValues> = {}
      for (const name of names) before[name] = values[name]
      const next = { ...overrides }
      for (const name of names) {
        const value = change[name]
        if (value === null || value === undefined) delete next[name]
        else next[name] = value
      }
      if (redis && app.pubsub) {
        // Only the named fields: two operators changing different settings at once both keep theirs.
        const tx = redis.multi()
        for (const name of names) {
          const value = change[name]
          if (value === null || value === undefined) tx.hdel(hashKey, name)
          else tx.hset(hashKey, name, String(value))
        }
        await tx.exec()
        apply({ ...(await load()) })
        await app.pubsub.publish(CHANNEL, JSON.stringify({ from: instanceId }))
      } else {
        apply(next)
      }
      const after: Partial<SettingValues> = {}
      for (const name of names) after[name] = values[name]
      return { before, after }
    },
    onChange(listener) {
      listeners.push(listener)
    },
    shared: Boolean(redis),
  }
  app.decorate('settings', settings)
}

export default fp(settingsPlugin, { name: 'settings', dependencies: ['config', 'redis'] })
