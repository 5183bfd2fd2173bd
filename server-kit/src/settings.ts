import { isIP } from 'node:net'
import { Type, type Static, type TObject, type TSchema } from 'typebox'
import { Value } from 'typebox/value'

// The one reader of the environment for both services: the same accepted
// forms for the settings they share, and the same one-line refusal of a bad
// value, naming the setting (server.ts prints it and exits 1, no stack trace).

/** A setting that does not fit; its message is one line naming the setting. */
export class SettingsError extends Error {
  override name = 'SettingsError'
}

/** An origin: scheme, host, optional port, an optional trailing slash and nothing else. */
const ORIGIN = 'https?://[^\\s/?#]+/?'

const ADDRESS_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** LOG_LEVEL: pino's levels, info unless set. */
export const LogLevel = Type.Union(
  [
    Type.Literal('fatal'),
    Type.Literal('error'),
    Type.Literal('warn'),
    Type.Literal('info'),
    Type.Literal('debug'),
    Type.Literal('trace'),
    Type.Literal('silent'),
  ],
  { default: 'info' },
)

/**
 * The settings both services read, with the same forms. Only SITE_URL's
 * default differs: the core API needs an origin for the links in its mails,
 * the BFF can fall back to each request's own.
 */
export function sharedSettings(options: { siteUrlDefault: string; siteUrlMeaning: string }) {
  return {
    NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], { default: 'development' }),
    LOG_LEVEL: LogLevel,
    /**
     * Whose X-Forwarded-For / -Proto to believe: addresses or networks (10.0.0.0/8, comma-separated; loopback, linklocal,
     * uniquelocal), a number of hops, true (anyone: only behind a balancer that overwrites the header) or false
     */
    TRUST_PROXY: Type.String({ default: 'loopback' }),
    SITE_URL: Type.String({
      // Empty only where empty is the default (the BFF: each request's own origin).
      default: options.siteUrlDefault,
      pattern: options.siteUrlDefault ? `^${ORIGIN}$` : `^(${ORIGIN})?$`,
      description: options.siteUrlMeaning,
      refusal: 'must be an origin such as https://www.example.com (scheme, host and port only, no path)',
    }),
    /**
     * After SIGTERM, how long kept-alive connections may bring their last requests (each answered with Connection: close)
     * before the idle ones are closed; readiness fails and new connections are refused from the first moment
     */
    DRAIN_MS: Type.Integer({ minimum: 0, maximum: 600_000, default: 5_000 }),
  }
}

/** Trusts the nearest hops of X-Forwarded-For, whoever the peer is. */
export type TrustHops = (address: string, hop: number) => boolean

/**
 * TRUST_PROXY as Fastify takes it: true, false, addresses and networks, or a
 * hop count as a function (Fastify 5 reads a bare number as trusting no one;
 * like true, a count is for instances only a balancer can reach). A
 * malformed entry throws, naming it.
 */
export function trustProxyOption(value: string): boolean | string[] | TrustHops {
  const text = value.trim().toLowerCase()
  if (text === 'true' || text === 'false') return text === 'true'
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    return (_address, hop) => hop < hops
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length === 0)
    throw new SettingsError('Invalid configuration: TRUST_PROXY is empty; give true, false, a hop count, or addresses and networks')
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/')
    const family = isIP(address)
    const maxBits = family === 4 ? 32 : 128
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits)
    if (!ADDRESS_RANGES.has(entry) && (family === 0 || !validBits || rest.length > 0)) {
      throw new SettingsError(
        `Invalid configuration: TRUST_PROXY entry ${entry} is not true, false, a hop count, an address, a network (a.b.c.d/n), loopback, linklocal or uniquelocal`,
      )
    }
  }
  return entries
}

/** What is wrong with one setting, in words (a union of words lists them; a schema may state its own). */
function describe(schema: TSchema | undefined, fallback: string): string {
  const own: { refusal?: unknown; anyOf?: { const?: unknown }[] } | undefined = schema
  if (typeof own?.refusal === 'string') return own.refusal
  const choices = own?.anyOf?.map((option) => option.const)
  if (choices && choices.length > 0 && choices.every((choice) => typeof choice === 'string')) return `must be one of ${choices.join(', ')}`
  return fallback
}

/**
 * Reads the schema's settings from env (empty counts as unset), coerces the
 * strings to the declared types, fills in defaults and refuses what does not
 * fit with one line naming each setting at fault. The shared settings are
 * checked and normalised the same way for both services.
 */
export function readSettings<T extends TObject>(schema: T, env: NodeJS.ProcessEnv, overrides: Partial<Static<T>> = {}): Static<T> {
  const raw: Record<string, unknown> = {}
  for (const key of Object.keys(schema.properties)) {
    const value = env[key]
    if (value !== undefined && value !== '') raw[key] = value
  }
  const candidate: Record<string, unknown> = Value.Default(schema, Value.Convert(schema, { ...raw, ...overrides })) as Record<
    string,
    unknown
  >
  if (!Value.Check(schema, candidate)) {
    const problems = new Map<string, string>()
    for (const error of Value.Errors(schema, candidate)) {
      const name = error.instancePath.replace(/^\//, '') || '(root)'
      // A union reports each of its options and then itself: the last word on a setting is the one to show.
      problems.set(name, `${name} ${describe(schema.properties[name], error.message)}`)
    }
    throw new SettingsError(`Invalid configuration: ${[...problems.values()].join('; ')}`)
  }
  // Check narrowed candidate to the schema's type; the shared settings are read by name.
  const settings = candidate as Record<string, unknown>
  if (typeof settings.TRUST_PROXY === 'string') trustProxyOption(settings.TRUST_PROXY)
  if (typeof settings.SITE_URL === 'string') settings.SITE_URL = settings.SITE_URL.replace(/\/$/, '')
  return settings as Static<T>
}
