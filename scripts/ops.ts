// The BFF's ops API from a shell, for scripts and runbooks.
//   npm run ops -- [--url URL] [--json] settings | set NAME=VALUE… | purge … | unblock … | audit | stats | keys CACHE | table
// The token comes from the environment (OPS_TOKEN, the operator's own token
// from the BFF's OPS_TOKENS), never from the command line, where it would
// stay in the shell's history and show in the process list.
import { parseArgs } from 'node:util'
import { settingsMarkdown } from '../bff/src/lib/settings-table.ts'

const USAGE = `usage: npm run ops -- [--url URL] [--json] COMMAND
  settings                                every setting: value, default, start value, source
  set NAME=VALUE [NAME=VALUE…]            change settings (VALUE an integer, or "default" for the start value); all or none
  purge --all | --cache NAME | --key KEY… | --report ID_OR_WEBTITLE | --dict TYPE | --language zh-CN|en-US | --tag TAG…
  unblock [--address ADDRESS] [--account LOGIN_OR_EMAIL_OR_DIGEST] [--policy POLICY]
  audit [--limit N]                       the audit log, newest first
  stats                                   the last hour: cache hit rates, refusals, upstream latency
  keys CACHE                              keys of a data cache, for purge --key
  table                                   the settings table (markdown, as in docs/settings.md); needs no server
environment: OPS_TOKEN (required but for table), OPS_URL (default http://127.0.0.1:3000; --url overrides)`

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    json: { type: 'boolean', default: false },
    all: { type: 'boolean', default: false },
    cache: { type: 'string' },
    key: { type: 'string', multiple: true },
    report: { type: 'string' },
    dict: { type: 'string' },
    language: { type: 'string' },
    tag: { type: 'string', multiple: true },
    address: { type: 'string' },
    account: { type: 'string' },
    policy: { type: 'string' },
    limit: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
})

const [command, ...rest] = positionals
const fail = (message: string, code = 2): never => {
  console.error(message)
  process.exit(code)
}
if (values.help || !command) fail(USAGE, values.help ? 0 : 2)
if (command === 'table') {
  console.log(settingsMarkdown())
  process.exit(0)
}

const base = (values.url ?? process.env.OPS_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '')
const token = process.env.OPS_TOKEN ?? ''
if (!token) fail('OPS_TOKEN is not set: export the operator token (see docs/operations.md)')

async function call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: object): Promise<T> {
  let response: Response
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        'accept-language': 'en-US',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    })
  } catch (error) {
    return fail(`${base} did not answer: ${(error as Error).message}`, 1)
  }
  const envelope = (await response.json().catch(() => null)) as { code?: number; msg?: string; data?: T } | null
  if (!envelope || envelope.code !== 200)
    return fail(
      `refused (${response.status}${envelope?.code ? `, code ${envelope.code}` : ''}): ${envelope?.msg ?? response.statusText}`,
      1,
    )
  return envelope.data as T
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  return [head, ...rows]
    .map((row) =>
      row
        .map((cell, i) => (cell ?? '').padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

const print = (data: unknown, human: () => string) => console.log(values.json ? JSON.stringify(data, null, 2) : human())

interface Setting {
  name: string
  value: number
  default: number
  start: number
  source: string
  min: number
  max: number
  unit: string
}
interface SettingsData {
  scope: string
  settings: Setting[]
  changed?: { before: Record<string, number>; after: Record<string, number> }
}
const scopeNote = (scope: string) =>
  scope === 'cluster' ? 'applies to every instance (kept in Redis)' : 'applies to this BFF process only, until it restarts (no Redis)'

switch (command) {
  case 'settings': {
    const data = await call<SettingsData>('GET', '/bff/ops/settings')
    print(
      data,
      () =>
        `${table(
          ['setting', 'value', 'default', 'start', 'source', 'range'],
          data.settings.map((s) => [s.name, String(s.value), String(s.default), String(s.start), s.source, `${s.min}–${s.max} ${s.unit}`]),
        )}\n(${scopeNote(data.scope)})`,
    )
    break
  }
  case 'set': {
    if (rest.length === 0) fail(USAGE)
    const change: Record<string, number | null> = {}
    for (const pair of rest) {
      const match = /^([A-Z0-9_]+)=(.+)$/.exec(pair)
      if (!match) fail(`not NAME=VALUE: ${pair}`)
      const [, name, text] = match as unknown as [string, string, string]
      if (text === 'default' || text === 'null') change[name] = null
      else if (/^-?\d+$/.test(text)) change[name] = Number(text)
      else fail(`${name}: an integer or "default", not ${text}`)
    }
    const data = await call<SettingsData>('PATCH', '/bff/ops/settings', change)
    print(
      data.changed,
      () =>
        `${table(
          ['setting', 'before', 'after'],
          Object.keys(change).map((name) => [name, String(data.changed?.before[name]), String(data.changed?.after[name])]),
        )}\n(${scopeNote(data.scope)})`,
    )
    break
  }
  case 'purge': {
    const targets: object[] = []
    if (values.all) targets.push({ all: true })
    if (values.cache) targets.push({ cache: values.cache })
    if (values.key) targets.push({ keys: values.key })
    if (values.report) targets.push({ report: values.report })
    if (values.dict) targets.push({ dict: values.dict })
    if (values.language) targets.push({ language: values.language })
    if (values.tag) targets.push({ tags: values.tag })
    if (targets.length !== 1) fail('purge: give exactly one of --all, --cache, --key, --report, --dict, --language, --tag')
    const data = await call<{ tags?: string[]; dropped: Record<string, number> }>('POST', '/bff/ops/purge', targets[0])
    print(
      data,
      () =>
        `purged${data.tags ? ` ${data.tags.join(', ')}` : ''}: ${Object.entries(data.dropped)
          .map(([store, n]) => `${n} ${store}`)
          .join(', ')} entries on the instance asked (every other instance empties its own)`,
    )
    break
  }
  case 'unblock': {
    if (!values.address && !values.account) fail('unblock: give --address and/or --account')
    const data = await call<{ cleared: number }>('POST', '/bff/ops/unblock', {
      ...(values.address ? { address: values.address } : {}),
      ...(values.account ? { account: values.account } : {}),
      ...(values.policy ? { policy: values.policy } : {}),
    })
    print(data, () => `cleared ${data.cleared} counter${data.cleared === 1 ? '' : 's'}`)
    break
  }
  case 'audit': {
    const limit = values.limit ?? '50'
    const data = await call<{
      total: number
      entries: Array<{ at: string; operator: string; action: string; address: string; before: unknown; after: unknown }>
    }>('GET', `/bff/ops/audit?limit=${encodeURIComponent(limit)}`)
    print(data, () =>
      table(
        ['time (UTC)', 'operator', 'action', 'from', 'before', 'after'],
        data.entries.map((e) => [
          e.at.slice(0, 19).replace('T', ' '),
          e.operator,
          e.action,
          e.address,
          JSON.stringify(e.before),
          JSON.stringify(e.after),
        ]),
      ),
    )
    break
  }
  case 'stats': {
    interface Stats {
      scope: string
      caches: Record<string, { hits: number[]; misses: number[]; stale: number[]; entries: number | null; bytes: number | null }>
      limits: Record<
        string,
        { max: number; windowS: number; requests: number[]; refusals: number[]; topAddresses: Array<{ key: string; count: number }> }
      >
      upstream: { requests: number[]; errors: number[]; avgMs: Array<number | null>; p95Ms: Array<number | null> }
    }
    const data = await call<Stats>('GET', '/bff/ops/stats')
    const sum = (series: number[]) => series.reduce((a, b) => a + b, 0)
    print(data, () => {
      const caches = table(
        ['cache', 'hits', 'misses', 'stale', 'hit rate', 'entries', 'bytes'],
        Object.entries(data.caches).map(([name, c]) => {
          const lookups = sum(c.hits) + sum(c.misses) + sum(c.stale)
          return [
            name,
            String(sum(c.hits)),
            String(sum(c.misses)),
            String(sum(c.stale)),
            lookups ? `${Math.round((100 * sum(c.hits)) / lookups)} %` : '',
            String(c.entries ?? ''),
            String(c.bytes ?? ''),
          ]
        }),
      )
      const limits = table(
        ['limit', 'max/window', 'requests', 'refused', 'top refused'],
        Object.entries(data.limits).map(([name, l]) => [
          name,
          `${l.max}/${l.windowS} s`,
          String(sum(l.requests)),
          String(sum(l.refusals)),
          l.topAddresses
            .slice(0, 3)
            .map((t) => `${t.key} ×${t.count}`)
            .join(', '),
        ]),
      )
      const calls = sum(data.upstream.requests)
      const upstream = `upstream: ${calls} calls, ${sum(data.upstream.errors)} errors, last minute p95 ≤ ${data.upstream.p95Ms.at(-1) ?? '–'} ms`
      return `last hour (${data.scope === 'cluster' ? 'every instance' : 'this instance'})\n\n${caches}\n\n${limits}\n\n${upstream}`
    })
    break
  }
  case 'keys': {
    const [cache] = rest
    if (!cache) fail('keys: name a data cache (dict, config, carousel, map, hotReports, choiceness, categories, latestNews)')
    const data = await call<{ keys: string[] }>('GET', `/bff/ops/keys?cache=${encodeURIComponent(cache!)}`)
    print(data, () => data.keys.join('\n') || '(none)')
    break
  }
  default:
    fail(USAGE)
}
