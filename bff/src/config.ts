import { isIP } from 'node:net'
import path from 'node:path'
import { Type, type Static } from 'typebox'
import { Value } from 'typebox/value'
import { repoRoot } from './paths.ts'

const Seconds = (fallback: number, description: string) => Type.Integer({ minimum: 0, maximum: 31_536_000, default: fallback, description })
const Count = (fallback: number, description: string) => Type.Integer({ minimum: 1, maximum: 1_000_000, default: fallback, description })

// The only module that reads process.env. Everything else receives a Config.
const ConfigSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], { default: 'development' }),
  HOST: Type.String({ default: '0.0.0.0' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  LOG_LEVEL: Type.Union(
    [Type.Literal('fatal'), Type.Literal('error'), Type.Literal('warn'), Type.Literal('info'), Type.Literal('debug'), Type.Literal('trace'), Type.Literal('silent')],
    { default: 'info' },
  ),
  CORE_API_URL: Type.String({ default: 'http://127.0.0.1:3001', pattern: '^https?://' }),
  /** Connect, headers and idle-body timeout of every upstream call */
  UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 300_000, default: 10_000 }),
  /** Connections the proxy keeps to the core API */
  UPSTREAM_CONNECTIONS: Type.Integer({ minimum: 1, maximum: 1024, default: 64 }),
  CLIENT_DIST_DIR: Type.String({ default: path.join(repoRoot, 'client', 'dist') }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, maximum: 10 * 1024 * 1024, default: 256 * 1024 }),
  /**
   * Whose X-Forwarded-For / -Proto to believe: the balancer's address or network (10.0.0.0/8, comma-separated; loopback, uniquelocal),
   * a number of hops, true (anyone: only behind a balancer that overwrites the header) or false. Rate limits and logs see the visitor only through it.
   */
  TRUST_PROXY: Type.String({ default: 'loopback' }),
  /** Comma-separated origins (https://example.com) allowed to send state-changing requests besides the request's own */
  TRUSTED_ORIGINS: Type.String({ default: '' }),
  /** Name of the session cookie; over https it gets the __Host- prefix */
  SESSION_COOKIE_NAME: Type.String({ default: 'rpt_session', pattern: '^[A-Za-z0-9_-]{1,64}$' }),
  /** The core API expires idle sessions itself (5001 then clears the cookie); this only bounds the cookie, like its SESSION_MAX_DAYS */
  SESSION_MAX_AGE_S: Seconds(30 * 24 * 3600, 'Lifetime of the session cookie'),
  /** Empty: POST /bff/cache/purge is refused */
  OPS_TOKEN: Type.String({ default: '' }),
  /** redis://host:6379/0; set, rate limits and cache invalidation are shared through it */
  REDIS_URL: Type.String({ default: '' }),
  REDIS_KEY_PREFIX: Type.String({ default: 'rpt:bff:' }),

  /** memory: each instance keeps its own LRU; redis: one cache in Redis shared by every instance (needs REDIS_URL) */
  CACHE_STORE: Type.Union([Type.Literal('memory'), Type.Literal('redis')], { default: 'memory' }),
  CACHE_MAX_ENTRIES: Count(5000, 'Entries all caches together may hold'),
  CACHE_MAX_BYTES: Type.Integer({ minimum: 1024, maximum: 4 * 1024 * 1024 * 1024, default: 32 * 1024 * 1024, description: 'Bytes all caches together may hold (JSON length)' }),
  CACHE_STALE_WHILE_REVALIDATE_S: Seconds(300, 'How long past its TTL an entry is served while it is refreshed'),
  CACHE_STALE_IF_ERROR_S: Seconds(86_400, 'How long past its TTL an entry is served when the core API fails'),
  CACHE_TTL_DICT_S: Seconds(600, 'Dictionaries'),
  CACHE_TTL_CONFIG_S: Seconds(600, 'Configuration values'),
  CACHE_TTL_CAROUSEL_S: Seconds(300, 'Carousel'),
  CACHE_TTL_MAP_S: Seconds(600, 'Home map data'),
  CACHE_TTL_HOT_REPORTS_S: Seconds(120, 'Hot reports'),
  CACHE_TTL_CHOICENESS_S: Seconds(120, 'Choiceness bulletins'),
  CACHE_TTL_CATEGORIES_S: Seconds(120, 'Category lists with counts'),
  CACHE_TTL_LATEST_NEWS_S: Seconds(60, 'Latest news for the home page'),

  /** Answers kept for replay before routing (a kept home page per URL, language and encoding); 0 turns replay off */
  REPLAY_MAX_ENTRIES: Type.Integer({ minimum: 0, maximum: 100_000, default: 256 }),

  /** Public origin of the site (https://www.example.com) for canonical URLs, hreflang, Open Graph and the sitemap; empty: the request's own origin */
  SITE_URL: Type.String({ default: '', pattern: '^(https?://[^/?#]+/?)?$' }),
  /** How long a server-rendered report page is kept per language; 0 renders every request. Emptied by POST /bff/cache/purge */
  SSR_CACHE_TTL_MS: Type.Integer({ minimum: 0, maximum: 86_400_000, default: 60_000 }),
  /** A server render taking longer is abandoned and the client-rendered shell answered instead */
  SSR_RENDER_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 5_000 }),
  /** URLs per child sitemap (the protocol allows 50,000); a multiple of 100, the core API's page size */
  SITEMAP_URLS_PER_FILE: Type.Integer({ minimum: 100, maximum: 50_000, multipleOf: 100, default: 10_000 }),
  SITEMAP_CACHE_TTL_S: Seconds(3600, 'How long a generated sitemap file is kept'),

  RATE_LIMIT_WINDOW_S: Type.Integer({ minimum: 1, maximum: 86_400, default: 60 }),
  RATE_LIMIT_LOGIN_MAX: Count(10, 'Logins per address per window'),
  RATE_LIMIT_LOGIN_ACCOUNT_MAX: Count(5, 'Logins per account per window'),
  RATE_LIMIT_REGISTER_MAX: Count(5, 'Registrations per address per window'),
  RATE_LIMIT_CAPTCHA_MAX: Count(30, 'Captchas per address per window'),
  RATE_LIMIT_FORGET_PWD_MAX: Count(5, 'Password-reset mails per address per window'),
  RATE_LIMIT_FORGET_PWD_ACCOUNT_MAX: Count(3, 'Password-reset mails per e-mail address per window'),
  RATE_LIMIT_CUSTOMER_INFO_MAX: Count(10, 'Custom requests per address per window'),
  RATE_LIMIT_CUSTOMER_INFO_ACCOUNT_MAX: Count(5, 'Custom requests per user or e-mail address per window'),
  RATE_LIMIT_NOT_FOUND_MAX: Count(60, 'Unknown paths per address per window'),
})

export type Config = Static<typeof ConfigSchema>
export type ConfigOverrides = Partial<Config>

export class ConfigError extends Error {}

/**
 * Reads the environment once, coerces strings to the declared types and
 * rejects anything that does not fit, so a bad setting stops the boot with a
 * message naming the variable instead of surfacing later as a runtime fault.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  const raw: Record<string, unknown> = {}
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key]
    if (value !== undefined && value !== '') raw[key] = value
  }
  const candidate = Value.Default(ConfigSchema, Value.Convert(ConfigSchema, { ...raw, ...overrides }))
  if (!Value.Check(ConfigSchema, candidate)) {
    const problems = [...Value.Errors(ConfigSchema, candidate)].map((e) => `${e.instancePath.replace(/^\//, '') || '(root)'} ${e.message}`)
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
  }
  const config = candidate as Config
  config.CLIENT_DIST_DIR = path.resolve(config.CLIENT_DIST_DIR)
  config.SITE_URL = config.SITE_URL.replace(/\/$/, '')
  if (config.CACHE_STORE === 'redis' && !config.REDIS_URL) throw new ConfigError('Invalid configuration: CACHE_STORE=redis needs REDIS_URL')
  trustProxyOption(config.TRUST_PROXY)
  for (const origin of trustedOrigins(config)) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) throw new ConfigError(`Invalid configuration: TRUSTED_ORIGINS entry ${origin} is not an origin (scheme://host[:port])`)
  }
  return config
}

export function trustedOrigins(config: Config): string[] {
  return config.TRUSTED_ORIGINS.split(',').map((origin) => origin.trim().replace(/\/$/, '')).filter(Boolean)
}

const ADDRESS_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** TRUST_PROXY as Fastify takes it; a malformed entry stops the boot, naming it. */
export function trustProxyOption(value: string): boolean | number | string[] {
  const text = value.trim()
  if (text === 'true' || text === 'false') return text === 'true'
  if (/^\d+$/.test(text)) return Number(text)
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean)
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/')
    const family = isIP(address)
    const maxBits = family === 4 ? 32 : 128
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits)
    if (!ADDRESS_RANGES.has(entry) && (family === 0 || !validBits || rest.length > 0)) {
      throw new ConfigError(`Invalid configuration: TRUST_PROXY entry ${entry} is not an address, a network (a.b.c.d/n), loopback, linklocal or uniquelocal`)
    }
  }
  return entries
}
