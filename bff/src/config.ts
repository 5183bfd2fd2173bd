import path from 'node:path'
import { Type, type Static } from 'typebox'
import { readSettings, SettingsError, sharedSettings } from '@rpt/server-kit'
import { SETTING_NAMES, settingProperties, type SettingName } from './lib/settings-table.ts'
import { repoRoot } from './paths.ts'

const Seconds = (fallback: number, description: string) => Type.Integer({ minimum: 0, maximum: 31_536_000, default: fallback, description })

// The only module that reads process.env. Everything else receives a Config.
const ConfigSchema = Type.Object({
  // NODE_ENV, LOG_LEVEL, TRUST_PROXY (rate limits and logs see the visitor only through it), SITE_URL, DRAIN_MS: as the core API reads them.
  ...sharedSettings({
    siteUrlDefault: '',
    siteUrlMeaning:
      "Public origin of the site (https://www.example.com) for canonical URLs, hreflang, Open Graph and the sitemap; empty: the request's own origin",
  }),
  HOST: Type.String({ default: '0.0.0.0' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  CORE_API_URL: Type.String({ default: 'http://127.0.0.1:3001', pattern: '^https?://' }),
  /** Connect, headers and idle-body timeout of every upstream call */
  UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 300_000, default: 10_000 }),
  /** Connections the proxy keeps to the core API */
  UPSTREAM_CONNECTIONS: Type.Integer({ minimum: 1, maximum: 1024, default: 64 }),
  CLIENT_DIST_DIR: Type.String({ default: path.join(repoRoot, 'client', 'dist') }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, maximum: 10 * 1024 * 1024, default: 256 * 1024 }),
  /** Comma-separated origins (https://example.com) allowed to send state-changing requests besides the request's own */
  TRUSTED_ORIGINS: Type.String({ default: '' }),
  /** Name of the session cookie; over https it gets the __Host- prefix */
  SESSION_COOKIE_NAME: Type.String({ default: 'rpt_session', pattern: '^[A-Za-z0-9_-]{1,64}$' }),
  /** The core API expires idle sessions itself (5001 then clears the cookie); this only bounds the cookie, like its SESSION_MAX_DAYS */
  SESSION_MAX_AGE_S: Seconds(30 * 24 * 3600, 'Lifetime of the session cookie'),
  /** The ops API's token of the operator named ops (kept for compatibility; see OPS_TOKENS) */
  OPS_TOKEN: Type.String({ default: '' }),
  /** name:token pairs, comma-separated: one token per operator, whose name the audit log records. None at all: every ops call is refused */
  OPS_TOKENS: Type.String({ default: '' }),
  /** The client's credential key (VITE_CREDENTIAL_KEY): unblocking an account by its login name needs the login code the client sends for it */
  CREDENTIAL_KEY: Type.String({ default: 'rpt-site-dev-key', minLength: 16, maxLength: 16 }),
  /** redis://host:6379/0; set, rate limits and cache invalidation are shared through it */
  REDIS_URL: Type.String({ default: '' }),
  REDIS_KEY_PREFIX: Type.String({ default: 'rpt:bff:' }),

  /** memory: each instance keeps its own LRU; redis: one cache in Redis shared by every instance (needs REDIS_URL) */
  CACHE_STORE: Type.Union([Type.Literal('memory'), Type.Literal('redis')], { default: 'memory' }),
  /** poll: each instance asks the core API for content changes every CONTENT_POLL_MS and purges what they name; off: only ops purges (tests) */
  CONTENT_CHANGES: Type.Union([Type.Literal('poll'), Type.Literal('off')], { default: 'poll' }),

  // Cache lifetimes and bounds, rate limits: the start values of what ops may change at run time (lib/settings-table.ts).
  ...settingProperties(),

  /** A server render taking longer is abandoned and the client-rendered shell answered instead */
  SSR_RENDER_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 5_000 }),
  /**
   * Page files (docs/caching.md): a folder nginx serves anonymous page payloads and pages from before asking a BFF
   * (deploy/nginx's try_files); the BFF writes them there. Empty: none written. Only where nginx runs on the same host.
   */
  PAGE_FILES_DIR: Type.String({ default: '' }),
  /** URLs per child sitemap (the protocol allows 50,000); a multiple of 100, the core API's page size */
  SITEMAP_URLS_PER_FILE: Type.Integer({ minimum: 100, maximum: 50_000, multipleOf: 100, default: 10_000 }),
})

export type Config = Static<typeof ConfigSchema> & {
  /** The table's settings (lib/settings-table.ts) the environment gave a start value, so ops can tell them from defaults */
  readonly fromEnvironment: readonly SettingName[]
}
export type ConfigOverrides = Partial<Static<typeof ConfigSchema>>

declare module 'fastify' {
  interface FastifyInstance {
    /** The settings, read once at boot (plugins/external/config.ts) */
    config: Config
  }
}

/** A bad setting: one line naming it (the same class as the core API's). */
export { SettingsError as ConfigError }
export { trustProxyOption } from '@rpt/server-kit'

/**
 * Reads the environment once, coerces strings to the declared types and
 * rejects anything that does not fit, so a bad setting stops the boot with a
 * message naming the variable instead of surfacing later as a runtime fault.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  const settings = readSettings(ConfigSchema, env, overrides)
  const given = (name: string) =>
    (overrides as Record<string, unknown>)[name] !== undefined || (env[name] !== undefined && env[name] !== '')
  const config: Config = { ...settings, fromEnvironment: SETTING_NAMES.filter(given) }
  config.CLIENT_DIST_DIR = path.resolve(config.CLIENT_DIST_DIR)
  if (config.CACHE_STORE === 'redis' && !config.REDIS_URL)
    throw new SettingsError('Invalid configuration: CACHE_STORE=redis needs REDIS_URL')
  for (const origin of trustedOrigins(config)) {
    if (!/^https?:\/\/[^/]+$/.test(origin))
      throw new SettingsError(`Invalid configuration: TRUSTED_ORIGINS entry ${origin} is not an origin (scheme://host[:port])`)
  }
  opsOperators(config)
  return config
}

export interface OpsOperator {
  name: string
  token: string
}

/** OPS_TOKENS as name:token pairs, and OPS_TOKEN as the operator named ops; a malformed or repeated entry stops the boot. */
export function opsOperators(config: Pick<Config, 'OPS_TOKEN' | 'OPS_TOKENS'>): OpsOperator[] {
  const operators: OpsOperator[] = []
  for (const entry of config.OPS_TOKENS.split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(':')
    const name = entry.slice(0, colon)
    const token = entry.slice(colon + 1)
    if (colon < 1 || !/^[A-Za-z0-9_.@-]{1,64}$/.test(name))
      throw new SettingsError('Invalid configuration: OPS_TOKENS entries are name:token, the name letters, digits and _ . @ - (at most 64)')
    // Tokens are guessed offline from nothing: only length protects them.
    if (!/^[\x21-\x7e]{16,512}$/.test(token))
      throw new SettingsError(`Invalid configuration: OPS_TOKENS token of ${name} must be 16 to 512 visible ASCII characters`)
    operators.push({ name, token })
  }
  if (config.OPS_TOKEN) operators.push({ name: 'ops', token: config.OPS_TOKEN })
  const names = new Set<string>()
  const tokens = new Set<string>()
  for (const { name, token } of operators) {
    if (names.has(name)) throw new SettingsError(`Invalid configuration: operator ${name} is named twice (OPS_TOKEN is the operator ops)`)
    // One token, one operator: the audit log must name who acted.
    if (tokens.has(token)) throw new SettingsError(`Invalid configuration: operator ${name} shares a token with another operator`)
    names.add(name)
    tokens.add(token)
  }
  return operators
}

export function trustedOrigins(config: Config): string[] {
  return config.TRUSTED_ORIGINS.split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean)
}
