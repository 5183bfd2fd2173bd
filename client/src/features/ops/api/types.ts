// What the BFF's ops API answers (bff/src/routes/ops/schemas.ts).

export type Scope = 'cluster' | 'instance'

export interface Setting {
  name: string
  group: 'caches' | 'limits'
  applies: string
  unit: 's' | 'ms' | 'entries' | 'bytes' | 'requests'
  min: number
  max: number
  default: number
  start: number
  value: number
  source: 'default' | 'env' | 'runtime'
  description: string
}

export interface SettingsData {
  scope: Scope
  settings: Setting[]
  changed?: { before: Record<string, number>; after: Record<string, number> }
}

export interface CacheStats {
  hits: number[]
  misses: number[]
  stale: number[]
  entries: number | null
  bytes: number | null
}

export interface LimitStats {
  max: number
  accountMax: number | null
  windowS: number
  requests: number[]
  refusals: number[]
  topAddresses: Array<{ key: string; count: number }>
  topAccounts: Array<{ key: string; count: number }>
}

export interface StatsData {
  scope: Scope
  minutes: number[]
  caches: Record<string, CacheStats>
  limits: Record<string, LimitStats>
  upstream: { requests: number[]; errors: number[]; avgMs: Array<number | null>; p95Ms: Array<number | null> }
}

export interface AuditEntry {
  id: string
  at: string
  operator: string
  action: 'settings' | 'purge' | 'unblock'
  address: string
  before: unknown
  after: unknown
}

export interface AuditData {
  scope: Scope
  total: number
  entries: AuditEntry[]
}

export interface FoundReport {
  id: string
  webTitle: string
  title: string
  lang: string
}

export type PurgeTarget = { all: true } | { report: string } | { dict: string }

export interface PurgeData {
  tags?: string[]
  dropped: Record<string, number>
}

export interface UnblockInput {
  address?: string
  account?: string
  policy?: string
}
