import path from 'node:path'
import { Type, type Static } from 'typebox'
import { readSettings, SettingsError, sharedSettings } from '@rpt/server-kit'
import { repoRoot } from './paths.ts'

// The only module that reads process.env. Everything else receives a Config.
// Development values of the keys below: a production start refuses them, since anyone who read this file could
// sign preview links of every draft, or open the staff's second factors from a copy of the database.
const DEV_PREVIEW_SECRET = 'rpt-dev-preview-secret-not-for-production'
const DEV_STAFF_SECRET_KEY = 'rpt-dev-staff-secret-key-not-for-production'

const ConfigSchema = Type.Object({
  // NODE_ENV, LOG_LEVEL, TRUST_PROXY (the BFF on loopback by default, so limits and logs see the visitor), SITE_URL, DRAIN_MS: as the BFF reads them.
  ...sharedSettings({
    siteUrlDefault: 'http://localhost:3000',
    siteUrlMeaning: 'Public origin of the website, for links in mails (reset links, downloads)',
  }),
  CORE_HOST: Type.String({ default: '127.0.0.1' }),
  CORE_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3001 }),
  /** postgres://… of a PostgreSQL server; unset means the embedded PGlite under DATA_DIR */
  DATABASE_URL: Type.String({ default: '' }),
  /** Keep the embedded database in memory (tests); ignored when DATABASE_URL is set */
  EMBEDDED_PG_MEMORY: Type.Boolean({ default: false }),
  /**
   * shared_buffers of the embedded PGlite, in MB. Its WebAssembly heap takes them whole at start and never
   * gives memory back; past them the data folder is read through the operating system's file cache
   */
  EMBEDDED_PG_SHARED_BUFFERS_MB: Type.Integer({ minimum: 16, maximum: 4096, default: 32 }),
  DATABASE_POOL_MAX: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  /** Report searches that may run against the database at once (answers not kept yet); broad keywords get at most half; more wait their turn */
  SEARCH_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 100, default: 4 }),
  /** How long a search waits for its turn before it is answered the busy envelope (429) */
  SEARCH_QUEUE_MS: Type.Integer({ minimum: 0, maximum: 60_000, default: 2000 }),
  /** statement_timeout of a search query on the database; one that runs longer is answered the busy envelope */
  SEARCH_STATEMENT_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 30_000 }),
  /** A keyword matching this many reports of a language or more is counted on write from then on: its lists' totals and facets are summed, not counted */
  SEARCH_COUNTED_MATCHES: Type.Integer({ minimum: 1, maximum: 100_000_000, default: 10_000 }),
  /**
   * How old a report list may be when the database keeps its fresh answer waiting (an import's batch on the embedded
   * database); 0 answers every list from the database. At most CORE_SETTINGS_MEMO_MS: the BFFs purge report lists
   * again once that has passed.
   */
  SEARCH_STALE_MS: Type.Integer({ minimum: 0, maximum: 1000, default: 1000 }),
  DATA_DIR: Type.String({ default: path.join(repoRoot, '.data') }),
  FIXTURES_DIR: Type.String({ default: path.join(repoRoot, 'fixtures', 'content') }),
  /**
   * Where purchased and sample files live: empty for DATA_DIR/files, or s3://BUCKET[/PREFIX] for any
   * S3-compatible service (credentials and region from the AWS SDK's standard environment)
   */
  FILE_STORE: Type.String({ default: '', pattern: '^(s3://[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](/[A-Za-z0-9._/-]*)?)?$' }),
  /** Another S3-compatible service than AWS (MinIO, Ceph, R2, s3rver): its URL, addressed path-style */
  S3_ENDPOINT: Type.String({ default: '', pattern: '^(https?://[^\\s]+)?$' }),
  /** Connect and request timeout of every object-storage call; a download or delivery waits no longer */
  S3_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 300_000, default: 10_000 }),
  /** The AWS SDK's own variables, read here so the configuration is read in one place; unset, the SDK's default chain applies */
  AWS_REGION: Type.String({ default: '' }),
  AWS_ACCESS_KEY_ID: Type.String({ default: '' }),
  AWS_SECRET_ACCESS_KEY: Type.String({ default: '' }),
  /** Migrate and, on an empty database, seed the fixtures when the server starts */
  AUTO_MIGRATE: Type.Boolean({ default: true }),
  AUTO_SEED: Type.Boolean({ default: true }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, maximum: 10 * 1024 * 1024, default: 256 * 1024 }),
  PUBLIC_DOCS: Type.Boolean({ default: true }),
  /**
   * The path prefix under which the contract also answers in the earlier backend's bare dialect (success: the data
   * alone, HTTP 200; failure: the envelope with an HTTP 4xx/5xx status), for its clients (docs/other-clients.md); off turns it off
   */
  LEGACY_BARE_PREFIX: Type.String({ default: '/js/a/api', pattern: '^(off|(/[A-Za-z0-9._~-]+)+)$' }),
  /** Where those clients load images from (report covers, news images, carousel slides); off turns it off */
  LEGACY_FILES_PREFIX: Type.String({ default: '/js/userfiles', pattern: '^(off|(/[A-Za-z0-9._~-]+)+)$' }),

  /** 16-byte AES key shared with the client for the legacy credential encryption (not a security boundary: TLS is) */
  CREDENTIAL_KEY: Type.String({ minLength: 16, maxLength: 16, default: 'rpt-site-dev-key' }),
  /** HMAC key of the staff's signed preview links; the same on every instance, and set to a random value in production */
  PREVIEW_SECRET: Type.String({ minLength: 32, maxLength: 200, default: DEV_PREVIEW_SECRET }),
  /** Seals the staff's TOTP secrets in the database (AES-256-GCM, lib/secret-box.ts); the same on every instance and for the staff CLI. Changed, every staff account needs `npm run staff -- reset`. */
  STAFF_SECRET_KEY: Type.String({ minLength: 32, maxLength: 200, default: DEV_STAFF_SECRET_KEY }),
  /** Idle lifetime of a session; every authenticated call extends it */
  SESSION_IDLE_MINUTES: Type.Integer({ minimum: 5, maximum: 60 * 24 * 90, default: 60 * 24 * 7 }),
  /** Absolute lifetime of a session, however active */
  SESSION_MAX_DAYS: Type.Integer({ minimum: 1, maximum: 365, default: 30 }),
  /** Absolute lifetime of a staff session from its sign-in, however active (its idle lifetime is 30 minutes) */
  STAFF_SESSION_MAX_AGE_S: Type.Integer({ minimum: 300, maximum: 7 * 24 * 60 * 60, default: 12 * 60 * 60 }),
  CAPTCHA_TTL_SECONDS: Type.Integer({ minimum: 30, maximum: 3600, default: 300 }),
  /** Development and tests only: this code passes any captcha. Ignored when NODE_ENV=production. */
  CAPTCHA_TEST_CODE: Type.String({ maxLength: 20, default: '' }),
  /** Failed logins of one account within the window that lock it */
  LOGIN_MAX_FAILURES: Type.Integer({ minimum: 1, maximum: 1000, default: 5 }),
  /** Failed logins from one client address within the window that lock the address */
  LOGIN_IP_MAX_FAILURES: Type.Integer({ minimum: 1, maximum: 10000, default: 30 }),
  LOGIN_FAILURE_WINDOW_MINUTES: Type.Integer({ minimum: 1, maximum: 1440, default: 15 }),
  LOGIN_LOCK_MINUTES: Type.Integer({ minimum: 1, maximum: 1440, default: 15 }),
  RESET_TOKEN_TTL_MINUTES: Type.Integer({ minimum: 5, maximum: 1440, default: 30 }),
  /** smtp(s)://user:pass@host:port of the mail server; unset writes .eml files under DATA_DIR/outbox */
  SMTP_URL: Type.String({ default: '' }),
  MAIL_FROM: Type.String({ minLength: 3, default: 'Hengzhi Research <no-reply@hengzhi-research.cn>' }),
  /** A mail that fails is retried this many times, the delay about doubling from MAIL_RETRY_DELAY_SECONDS (with jitter: 12 from 30 s span 1.5 to 3 days) */
  MAIL_RETRY_LIMIT: Type.Integer({ minimum: 0, maximum: 50, default: 12 }),
  MAIL_RETRY_DELAY_SECONDS: Type.Integer({ minimum: 1, maximum: 3600, default: 30 }),
  /** How often an idle worker looks for queued jobs; a job enqueued by this instance wakes its worker at once */
  JOB_POLL_INTERVAL_SECONDS: Type.Number({ minimum: 0.5, maximum: 60, default: 2 }),
  /** Where custom research and sample requests are sent for staff */
  STAFF_EMAIL: Type.String({ minLength: 3, default: 'service@hengzhi-research.cn' }),

  /** Unpaid orders are cancelled after this long */
  ORDER_TTL_MINUTES: Type.Integer({ minimum: 5, maximum: 60 * 24 * 7, default: 120 }),
  /**
   * A payment that arrives this long after its order expired still pays it (revived and delivered), unless the buyer
   * has paid another order for the product meanwhile; later ones, and any for a cancelled order, are refunded
   */
  LATE_PAYMENT_GRACE_MINUTES: Type.Integer({ minimum: 0, maximum: 60 * 24 * 7, default: 30 }),
  /** A gateway close or refund that fails is retried 10 times, the delay about doubling from this */
  PAYMENT_RETRY_DELAY_SECONDS: Type.Integer({ minimum: 1, maximum: 3600, default: 30 }),
  /** How often unpaid orders are reconciled with the provider and stale ones expired; 0 turns the job off */
  RECONCILE_INTERVAL_SECONDS: Type.Integer({ minimum: 0, maximum: 3600, default: 60 }),
  /** Unpaid orders younger than this are left to the provider's notification */
  RECONCILE_AFTER_MINUTES: Type.Integer({ minimum: 1, maximum: 1440, default: 3 }),
  DOWNLOAD_LINK_DAYS: Type.Integer({ minimum: 1, maximum: 365, default: 7 }),
  DOWNLOAD_LINK_MAX: Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
  /** Where providers post payment notifications; default SITE_URL/api/report/websiteUserResearchOrder/pay/asyncNotify */
  PAYMENT_NOTIFY_URL: Type.String({ default: '' }),
  /** Alipay merchant credentials; without all three Alipay takes no payments */
  ALIPAY_APP_ID: Type.String({ default: '' }),
  ALIPAY_PRIVATE_KEY: Type.String({ default: '' }),
  ALIPAY_PUBLIC_KEY: Type.String({ default: '' }),
  /** Alipay's gateway.do URL, opened by buyers' browsers and called by this API; default Alipay's production gateway */
  ALIPAY_GATEWAY: Type.String({ default: '' }),
  /** WeChat Pay v3 merchant credentials; without them WeChat Pay takes no payments */
  WECHATPAY_APP_ID: Type.String({ default: '' }),
  WECHATPAY_MCH_ID: Type.String({ default: '' }),
  WECHATPAY_PRIVATE_KEY: Type.String({ default: '' }),
  WECHATPAY_SERIAL: Type.String({ default: '' }),
  WECHATPAY_PLATFORM_PUBLIC_KEY: Type.String({ default: '' }),
  WECHATPAY_PLATFORM_SERIAL: Type.String({ default: '' }),
  WECHATPAY_API_V3_KEY: Type.String({ default: '' }),
  /** WeChat Pay's API v3 host; default api.mch.weixin.qq.com */
  WECHATPAY_BASE_URL: Type.String({ default: '' }),

  /**
   * Who issues the Chinese edition's 数电票 (docs/invoicing.md): manual (finance issues on the national platform and
   * uploads the file) or sandbox (the invoice sandbox's HTTP API, sandbox/; INVOICE_API_URL, _APP_KEY and _APP_SECRET)
   */
  INVOICE_PROVIDER: Type.Union([Type.Literal('manual'), Type.Literal('sandbox')], { default: 'manual' }),
  /** The provider's API base URL (the invoice sandbox's: http://127.0.0.1:3003/fapiao) */
  INVOICE_API_URL: Type.String({ default: '', pattern: '^(https?://\\S+)?$' }),
  /** The app key the provider gave, and the secret the requests' HMAC signature is made with */
  INVOICE_APP_KEY: Type.String({ default: '', maxLength: 100 }),
  INVOICE_APP_SECRET: Type.String({ default: '', maxLength: 200 }),
  /** How long a provider call may take before the issue or reversal is refused (and may be tried again) */
  INVOICE_TIMEOUT_MS: Type.Integer({ minimum: 500, maximum: 120_000, default: 15_000 }),
  /** The seller on invoices: its names in both editions, its 统一社会信用代码 and address */
  INVOICE_SELLER_NAME_ZH: Type.String({ minLength: 1, maxLength: 200, default: '恒智研究咨询有限公司' }),
  INVOICE_SELLER_NAME_EN: Type.String({ minLength: 1, maxLength: 200, default: 'Hengzhi Research Co., Ltd.' }),
  INVOICE_SELLER_TAX_NO: Type.String({ minLength: 1, maxLength: 30, default: '91350100M000100Y43' }),
  INVOICE_SELLER_ADDRESS: Type.String({ maxLength: 300, default: 'Floor 18, 1 Jianguomenwai Avenue, Chaoyang District, Beijing' }),
})

export type Config = Static<typeof ConfigSchema>

declare module 'fastify' {
  interface FastifyInstance {
    /** The settings, read once at boot (platform/config-plugin.ts) */
    config: Config
  }
}
export type ConfigOverrides = Partial<Config>

/** A bad setting: one line naming it (the same class as the BFF's). */
export { SettingsError as ConfigError }

/**
 * Reads the environment once, coerces strings to the declared types and
 * rejects anything that does not fit, so a bad setting stops the boot with a
 * message naming the variable instead of surfacing later as a runtime fault.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  const config = readSettings(ConfigSchema, env, overrides)
  config.DATA_DIR = path.resolve(config.DATA_DIR)
  config.FIXTURES_DIR = path.resolve(config.FIXTURES_DIR)
  if (config.S3_ENDPOINT && !config.FILE_STORE)
    throw new SettingsError(
      'Invalid configuration: S3_ENDPOINT is set but FILE_STORE is not; set FILE_STORE=s3://BUCKET[/PREFIX] to store files there',
    )
  if (Boolean(config.AWS_ACCESS_KEY_ID) !== Boolean(config.AWS_SECRET_ACCESS_KEY))
    throw new SettingsError('Invalid configuration: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together')
  for (const [name, development] of [
    ['PREVIEW_SECRET', DEV_PREVIEW_SECRET],
    ['STAFF_SECRET_KEY', DEV_STAFF_SECRET_KEY],
  ] as const) {
    if (config.NODE_ENV === 'production' && config[name] === development)
      throw new SettingsError(`Invalid configuration: ${name} must be set to a random value of 32+ characters when NODE_ENV=production`)
  }
  if (config.INVOICE_PROVIDER === 'sandbox') {
    const missing = (['INVOICE_API_URL', 'INVOICE_APP_KEY', 'INVOICE_APP_SECRET'] as const).filter((name) => !config[name])
    if (missing.length > 0)
      throw new SettingsError(
        `Invalid configuration: INVOICE_PROVIDER=sandbox needs ${missing.join(', ')} (npm start sets them for the invoice sandbox)`,
      )
  }
  config.INVOICE_API_URL = config.INVOICE_API_URL.replace(/\/+$/, '')
  config.PAYMENT_NOTIFY_URL ||= `${config.SITE_URL}/api/report/websiteUserResearchOrder/pay/asyncNotify`
  // PEM keys arrive through env files with escaped newlines.
  for (const key of ['ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'WECHATPAY_PRIVATE_KEY', 'WECHATPAY_PLATFORM_PUBLIC_KEY'] as const) {
    config[key] = config[key].replace(/\\n/g, '\n')
  }
  return config
}
