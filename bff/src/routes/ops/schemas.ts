import { Type } from 'typebox'
import { CACHE_NAMES } from '../../lib/cache-names.ts'
import { LIMIT_POLICIES } from '../../lib/limit-policies.ts'
import { SETTINGS } from '../../lib/settings-table.ts'

export const HealthData = Type.Object({
  status: Type.Literal('ok'),
  /** up, down, or the core API's HTTP status when it answers but not healthily */
  core: Type.String(),
})

export const LiveData = Type.Object({ status: Type.Literal('live') })

export const ReadyData = Type.Object({
  status: Type.Literal('ready'),
  /** The core API's own readiness answer: database, job queue, mail backlog */
  core: Type.Unknown(),
})

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
/** The language of the answer's msg, as every BFF and core API body may carry it */
const Lang = Type.Optional(Type.String({ maxLength: 10 }))

export const PurgeBody = Type.Union([
  Type.Object({ cache: Type.Optional(literals(CACHE_NAMES)), lang: Lang }, { additionalProperties: false }),
  Type.Null(),
])

export const PurgeData = Type.Object({ purged: Type.Array(Type.String()) })

// --- the ops API (/bff/ops/*) ---

export const SignInBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 512 }), lang: Lang }, { additionalProperties: false })
export const SessionData = Type.Object({ operator: Type.String() })
export const SignedOutData = Type.Object({ signedOut: Type.Literal(true) })

/**
 * The settings of the table by name, nothing else. Each value is an integer
 * in its range or null (back to its start value), checked by checkChange
 * from the same table: here it is left untyped, because the app's validator
 * coerces types ("60" to 60, 0 to null), and a setting must be given exactly.
 */
export const SettingsPatch = Type.Object(
  {
    ...Object.fromEntries(
      SETTINGS.map((s) => [
        s.name,
        Type.Optional(
          Type.Unknown({ description: `${s.description['en-US']}: an integer ${s.min}–${s.max} (${s.unit}), or null for the start value` }),
        ),
      ]),
    ),
    lang: Lang,
  },
  { additionalProperties: false },
)

const Setting = Type.Object({
  name: Type.String(),
  group: literals(['caches', 'limits']),
  applies: Type.String(),
  unit: Type.String(),
  min: Type.Number(),
  max: Type.Number(),
  default: Type.Number(),
  /** The value the instance started with: the environment's, else the default; null resets to it */
  start: Type.Number(),
  value: Type.Number(),
  source: literals(['default', 'env', 'runtime']),
  description: Type.String(),
})

export const SettingsData = Type.Object({
  /** cluster: kept in Redis and applied by every instance within a second; instance: this process only, until it restarts */
  scope: literals(['cluster', 'instance']),
  settings: Type.Array(Setting),
  /** On a change: the values of the settings named, before and after */
  changed: Type.Optional(
    Type.Object({ before: Type.Record(Type.String(), Type.Number()), after: Type.Record(Type.String(), Type.Number()) }),
  ),
})

/** Exactly one target: everything, a named store, exact keys or page paths, or what shows a report, a dictionary or a language. */
export const OpsPurgeBody = Type.Object(
  {
    all: Type.Optional(Type.Literal(true)),
    cache: Type.Optional(literals([...CACHE_NAMES, 'ssr', 'sitemap'])),
    keys: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), { minItems: 1, maxItems: 500 })),
    /** A report's id or webTitle */
    report: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
    /** A dictionary type (reports_category: both editions; reports_category_en: the English one) */
    dict: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.-]+$' })),
    language: Type.Optional(literals(['zh-CN', 'en-US'])),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 400 }), { minItems: 1, maxItems: 100 })),
    lang: Lang,
  },
  { additionalProperties: false, minProperties: 1 },
)

export const OpsPurgeData = Type.Object({
  target: Type.Unknown(),
  /** The tags purged, for report, dictionary and language purges */
  tags: Type.Optional(Type.Array(Type.String())),
  /** Entries dropped on this instance, per store (data caches, rendered pages and sitemaps) */
  dropped: Type.Record(Type.String(), Type.Number()),
})

export const UnblockBody = Type.Object(
  {
    address: Type.Optional(Type.String({ minLength: 2, maxLength: 100, pattern: '^[0-9A-Fa-f:.]+$' })),
    /** A login name, an e-mail address, or the digest the statistics show */
    account: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    policy: Type.Optional(literals(LIMIT_POLICIES)),
    lang: Lang,
  },
  { additionalProperties: false },
)

export const UnblockData = Type.Object({ cleared: Type.Integer() })

const Series = Type.Array(Type.Number())
const Top = Type.Array(Type.Object({ key: Type.String(), count: Type.Number() }))
const NullableNumber = Type.Union([Type.Number(), Type.Null()])

export const StatsData = Type.Object({
  scope: literals(['cluster', 'instance']),
  minutes: Series,
  caches: Type.Record(
    Type.String(),
    Type.Object({ hits: Series, misses: Series, stale: Series, entries: NullableNumber, bytes: NullableNumber }),
  ),
  limits: Type.Record(
    Type.String(),
    Type.Object({
      max: Type.Number(),
      accountMax: NullableNumber,
      windowS: Type.Number(),
      requests: Series,
      refusals: Series,
      topAddresses: Top,
      topAccounts: Top,
    }),
  ),
  upstream: Type.Object({ requests: Series, errors: Series, avgMs: Type.Array(NullableNumber), p95Ms: Type.Array(NullableNumber) }),
})

export const AuditQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
    lang: Lang,
  },
  { additionalProperties: false },
)

export const AuditData = Type.Object({
  scope: literals(['cluster', 'instance']),
  total: Type.Integer(),
  entries: Type.Array(
    Type.Object({
      id: Type.String(),
      at: Type.String(),
      operator: Type.String(),
      action: literals(['settings', 'purge', 'unblock']),
      address: Type.String(),
      before: Type.Unknown(),
      after: Type.Unknown(),
    }),
  ),
})

export const KeysQuery = Type.Object(
  { cache: literals(CACHE_NAMES), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 200 })), lang: Lang },
  { additionalProperties: false },
)
export const KeysData = Type.Object({ keys: Type.Array(Type.String()) })

export const ReportSearchQuery = Type.Object(
  { keyword: Type.String({ minLength: 1, maxLength: 100 }), lang: Lang },
  { additionalProperties: false },
)
export const ReportSearchData = Type.Object({
  reports: Type.Array(Type.Object({ id: Type.String(), webTitle: Type.String(), title: Type.String(), lang: Type.String() })),
})

export const NoQuery = Type.Object({ lang: Lang }, { additionalProperties: false })
